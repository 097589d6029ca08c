// A stand-in for `tabula serve`, for working on the client's look without
// the Go server: it serves dist/app and speaks docs/protocol.md with a toy
// Pathagon (placements and relocations, no captures, no win) and a random
// bot. Not used by the tests. Run: npm run build && node e2e/fake-server.mjs [port]
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join as joinPath } from 'node:path';

const port = Number(process.argv[2] ?? 5174);
const root = new URL('../dist/app/', import.meta.url).pathname;
const games = [
  { id: 'pathagon', title: 'Pathagon', minPlayers: 2, maxPlayers: 2, defaultPlayers: 2, playerNames: ['light', 'dark'], variants: ['standard'], options: [], bots: ['random'] },
  { id: 'race', title: 'Race', minPlayers: 2, maxPlayers: 2, defaultPlayers: 2, playerNames: null, variants: null, options: [], bots: ['random'] },
];
const matches = new Map();
const cells = [];
for (let r = 0; r < 7; r++) for (let c = 0; c < 7; c++) cells.push(String.fromCharCode(97 + c) + (7 - r));

function newMatch(req) {
  const id = 'm_' + randomBytes(5).toString('hex');
  const seats = (req.seats ?? [{ kind: 'human' }, { kind: 'human' }]).map((s, i) => ({
    seat: i, name: ['light', 'dark'][i], kind: s.kind, ...(s.bot ? { bot: s.bot } : {}), taken: s.kind === 'bot', connected: s.kind === 'bot',
  }));
  const m = { id, game: req.game, board: Array(49).fill('.'), reserve: [14, 14], toMove: 0, moves: [], version: 1, seats, tokens: {}, conns: new Set(), tc: req.timeControl, clocks: null, at: Date.now(), result: null };
  if (req.timeControl?.kind === 'fischer') m.clocks = [req.timeControl.baseMs, req.timeControl.baseMs];
  matches.set(id, m);
  return m;
}
function status(m) {
  if (m.result) return 'finished';
  return m.seats.every((s) => s.taken) ? 'live' : 'waiting';
}
function legal(m) {
  if (m.result) return [];
  const p = m.toMove;
  const empty = cells.filter((_, i) => m.board[i] === '.');
  if (m.reserve[p] > 0) return empty.map((c) => ({ text: c, to: c }));
  const own = cells.filter((_, i) => m.board[i] === 'LD'[p]);
  return own.flatMap((f) => empty.map((t) => ({ text: `${f}-${t}`, from: f, to: t })));
}
function position(m) {
  const ranks = [];
  for (let r = 0; r < 7; r++) ranks.push(m.board.slice(r * 7, r * 7 + 7).join(''));
  return `${ranks.join('/')} ${'ld'[m.toMove]} ${m.reserve[0]} ${m.reserve[1]} -,- -`;
}
function state(m) {
  const st = status(m);
  const s = {
    match: m.id, game: m.game, variant: 'standard', players: 2, version: m.version, status: st, position: position(m),
    toMove: m.result ? -1 : m.toMove, legal: legal(m), lastMove: m.moves.at(-1), moves: m.moves, seats: m.seats,
    offers: { draw: [], takeback: -1, rematch: [] }, ...(m.result ? { result: m.result } : {}),
  };
  if (m.clocks) {
    const running = st === 'live' && m.moves.length > 0 ? m.toMove : -1;
    const rem = [...m.clocks];
    if (running >= 0) rem[running] -= Date.now() - m.at;
    s.clocks = { kind: 'fischer', remaining: rem, running, at: Date.now() };
  }
  return s;
}
function broadcast(m, event) {
  m.version++;
  const msg = JSON.stringify({ type: 'update', version: m.version, event, state: state(m) });
  for (const c of m.conns) c.send(msg);
}
function play(m, seat, text) {
  const mv = legal(m).find((x) => x.text === text);
  if (!mv) return { code: /^[a-g][1-7](-[a-g][1-7])?$/.test(text) ? 'illegal-move' : 'syntax', message: `${text}` };
  const now = Date.now();
  if (m.clocks && m.moves.length > 0) m.clocks[seat] -= now - m.at;
  if (m.clocks) m.clocks[seat] += m.tc.incrementMs ?? 0;
  m.at = now;
  if (mv.from) m.board[cells.indexOf(mv.from)] = '.';
  else m.reserve[seat]--;
  m.board[cells.indexOf(mv.to)] = 'LD'[seat];
  m.moves.push(text);
  m.toMove = 1 - seat;
  broadcast(m, { kind: 'move', seat, move: text });
  const bot = m.seats[m.toMove];
  if (bot.kind === 'bot' && !m.result) {
    setTimeout(() => {
      const l = legal(m);
      play(m, m.toMove, l[Math.floor(Math.random() * l.length)].text);
    }, 400);
  }
  return null;
}
function summary(m) {
  return { id: m.id, game: m.game, variant: 'standard', players: 2, status: status(m), seats: m.seats, timeControl: m.tc, ply: m.moves.length, created: 0, updated: 0 };
}
function join(m, seat) {
  const s = m.seats[seat ?? m.seats.findIndex((x) => x.kind === 'human' && !x.taken)];
  if (!s || s.taken) return null;
  s.taken = true;
  const token = randomBytes(8).toString('hex');
  m.tokens[token] = s.seat;
  return { match: m.id, seat: s.seat, token };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const body = await new Promise((ok) => { let b = ''; req.on('data', (d) => (b += d)); req.on('end', () => ok(b ? JSON.parse(b) : {})); });
  const json = (code, v) => { res.writeHead(code, { 'Content-Type': 'application/json' }); res.end(JSON.stringify(v)); };
  let mm;
  if (url.pathname === '/api/games') return json(200, { games });
  if (url.pathname === '/api/matches' && req.method === 'GET') return json(200, { matches: [...matches.values()].map(summary).reverse() });
  if (url.pathname === '/api/matches' && req.method === 'POST') {
    const m = newMatch(body);
    const j = body.join !== undefined ? join(m, body.join) : null;
    return json(201, { match: summary(m), ...(j ? { seat: j.seat, token: j.token } : {}) });
  }
  if ((mm = /^\/api\/matches\/([\w-]+)\/join$/.exec(url.pathname))) {
    const m = matches.get(mm[1]);
    if (!m) return json(404, { error: { code: 'not-found', message: 'no match' } });
    const j = join(m, body.seat);
    if (!j) return json(409, { error: { code: 'seat-taken', message: 'taken' } });
    broadcast(m, { kind: 'joined', seat: j.seat });
    return json(200, j);
  }
  const file = url.pathname.includes('.') ? url.pathname : '/index.html';
  try {
    const data = await readFile(joinPath(root, file));
    const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(data);
  } catch {
    res.writeHead(404).end();
  }
});

server.on('upgrade', (req, socket) => {
  const mm = /^\/ws\/matches\/([\w-]+)$/.exec(req.url);
  const m = mm && matches.get(mm[1]);
  if (!m) return socket.destroy();
  const accept = createHash('sha1').update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  const conn = {
    seat: -1,
    send(text) {
      const data = Buffer.from(text);
      const head = data.length < 126 ? Buffer.from([0x81, data.length]) : data.length < 65536 ? Buffer.from([0x81, 126, data.length >> 8, data.length & 255]) : null;
      if (head) socket.write(Buffer.concat([head, data]));
      else { const h = Buffer.alloc(10); h[0] = 0x81; h[1] = 127; h.writeBigUInt64BE(BigInt(data.length), 2); socket.write(Buffer.concat([h, data])); }
    },
  };
  let buf = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    while (buf.length >= 2) {
      const op = buf[0] & 15;
      let len = buf[1] & 127;
      let off = 2;
      if (len === 126) { len = buf.readUInt16BE(2); off = 4; }
      if (buf.length < off + 4 + len) return;
      const mask = buf.subarray(off, off + 4);
      const payload = Buffer.from(buf.subarray(off + 4, off + 4 + len)).map((b, i) => b ^ mask[i % 4]);
      buf = buf.subarray(off + 4 + len);
      if (op === 8) { m.conns.delete(conn); socket.end(); return; }
      if (op !== 1) continue;
      const msg = JSON.parse(payload.toString());
      if (msg.type === 'hello') {
        conn.seat = msg.token && m.tokens[msg.token] !== undefined ? m.tokens[msg.token] : -1;
        m.conns.add(conn);
        conn.send(JSON.stringify({ type: 'welcome', version: m.version, seat: conn.seat, state: state(m) }));
      } else if (msg.type === 'ping') conn.send(JSON.stringify({ type: 'pong', version: m.version }));
      else if (msg.type === 'move') {
        const err = conn.seat !== m.toMove ? { code: 'not-your-turn', message: '' } : msg.version !== m.version ? { code: 'stale-version', message: '' } : play(m, conn.seat, msg.move);
        conn.send(JSON.stringify(err ? { type: 'error', id: msg.id, version: m.version, error: err } : { type: 'ack', id: msg.id, version: m.version }));
      } else if (msg.type === 'resign' && conn.seat >= 0) {
        m.result = { winners: [1 - conn.seat], reason: 'resignation', text: 'resigned' };
        broadcast(m, { kind: 'resign', seat: conn.seat });
        conn.send(JSON.stringify({ type: 'ack', id: msg.id, version: m.version }));
      } else conn.send(JSON.stringify({ type: 'error', id: msg.id, version: m.version, error: { code: 'not-allowed', message: 'fake server' } }));
    }
  });
  socket.on('close', () => m.conns.delete(conn));
  socket.on('error', () => m.conns.delete(conn));
});

server.listen(port, '127.0.0.1', () => console.log(`fake tabula on http://127.0.0.1:${port}`));
