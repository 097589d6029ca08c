package cluster

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/seek"
	"github.com/tabula-games/tabula/internal/server"
)

// The shared lobby. A player's lobby streams (and a bot's event stream)
// may be open on any node, while the request that pairs it, challenges
// it or makes its move is served by another. So:
//
//   - notifications for a user go to "<prefix>.lobby.user.<hex of the
//     canonical username>" and every node delivers them to its own
//     streams of that user (the sending node has delivered to its own
//     already and skips its echo);
//   - a bot API account event (gameStart, gameFinish, a challenge) goes
//     to "<prefix>.lobby.bot.<hex of the canonical username>", for the
//     account's event streams on every other node;
//   - a notification for one lobby connection (a pairing) goes to
//     "<prefix>.lobby.conn.<connection ID>";
//   - the seek book is the KV bucket "<prefix>_seeks" (seeks.go);
//   - a challenge is held by the node that made it, whose ID is in the
//     challenge's ID: an answer that reaches another node is relayed
//     there (Handler).
//
// Notifications are core NATS messages: at most once, like a lobby
// stream itself (a page that reconnects reloads its lists).

// lobbyHost is the server's side of the shared lobby (*server.Server).
type lobbyHost interface {
	SetLobby(bus server.LobbyBus, book seek.Book)
	SeekLimits() seek.Limits
	LobbyUser(canon string, m protocol.LobbyMessage)
	LobbyConn(id string, m protocol.LobbyMessage)
	SeeksChanged()
	LocalChallenges(acct string) protocol.ChallengeList
	DeliverBotEvent(canon string, data []byte)
}

// challengesWait bounds how long a node waits for the others' pending
// challenges of an account (a lobby's hello, GET /api/challenges): a node
// that has not answered by then is left out of that list.
const challengesWait = 500 * time.Millisecond

// originHeader names the node a lobby message came from.
const originHeader = "Tabula-Node"

// startLobby makes the host's lobby the cluster's: its seek book shared,
// its notifications carried to and from the other nodes.
func (n *Node) startLobby(ctx context.Context) error {
	h, ok := n.host.(lobbyHost)
	if !ok {
		return nil // a host without a lobby (the lease tests)
	}
	book, err := openSeekBook(ctx, n, h.SeekLimits(), h.SeeksChanged)
	if err != nil {
		return err
	}
	n.seeks = book
	for _, sub := range []struct {
		subj string
		f    nats.MsgHandler
	}{
		{n.prefix + ".lobby.user.*", func(m *nats.Msg) { n.lobbyIn(m, h.LobbyUser) }},
		{n.prefix + ".lobby.conn.*", func(m *nats.Msg) { n.lobbyIn(m, h.LobbyConn) }},
		{n.prefix + ".lobby.challenges", func(m *nats.Msg) { n.serveChallenges(m, h) }},
		{n.prefix + ".lobby.bot.*", func(m *nats.Msg) { n.botEventIn(m, h) }},
	} {
		s, err := n.nc.Subscribe(sub.subj, sub.f)
		if err != nil {
			return err
		}
		_ = s.SetPendingLimits(-1, -1)
		n.subs = append(n.subs, s)
	}
	h.SetLobby(n, book)
	return nil
}

// lobbyIn delivers a lobby message from another node through deliver,
// with the subject's last token (the user or connection).
func (n *Node) lobbyIn(msg *nats.Msg, deliver func(string, protocol.LobbyMessage)) {
	if msg.Header.Get(originHeader) == n.id {
		return
	}
	var m protocol.LobbyMessage
	if err := json.Unmarshal(msg.Data, &m); err != nil {
		n.log.Warn("lobby message", "subject", msg.Subject, "err", err)
		return
	}
	to := msg.Subject[strings.LastIndexByte(msg.Subject, '.')+1:]
	if strings.HasPrefix(msg.Subject, n.prefix+".lobby.user.") {
		b, err := hex.DecodeString(to)
		if err != nil {
			return
		}
		to = string(b)
	}
	deliver(to, m)
}

// User implements server.LobbyBus.
func (n *Node) User(canon string, m protocol.LobbyMessage) {
	n.lobbyOut(n.prefix+".lobby.user."+hex.EncodeToString([]byte(canon)), m)
}

// Conn implements server.LobbyBus.
func (n *Node) Conn(id string, m protocol.LobbyMessage) {
	if id == "" || strings.ContainsAny(id, ".*> \t\r\n") {
		return // not a connection ID the server makes
	}
	n.lobbyOut(n.prefix+".lobby.conn."+id, m)
}

// BotEvent implements server.BotEventBus: a bot API account event on
// "<prefix>.lobby.bot.<hex of the canonical username>".
func (n *Node) BotEvent(canon string, data []byte) {
	subj := n.prefix + ".lobby.bot." + hex.EncodeToString([]byte(canon))
	msg := &nats.Msg{Subject: subj, Data: data, Header: nats.Header{originHeader: []string{n.id}}}
	if err := n.nc.PublishMsg(msg); err != nil {
		n.log.Warn("bot event", "subject", subj, "err", err)
	}
}

// botEventIn delivers another node's bot API account event to this
// node's event streams of its account.
func (n *Node) botEventIn(msg *nats.Msg, h lobbyHost) {
	if msg.Header.Get(originHeader) == n.id {
		return
	}
	canon, err := hex.DecodeString(msg.Subject[strings.LastIndexByte(msg.Subject, '.')+1:])
	if err != nil || !json.Valid(msg.Data) {
		return
	}
	h.DeliverBotEvent(string(canon), msg.Data)
}

// lobbyOut publishes m on subj. Publishing only buffers: it never waits
// on the network.
func (n *Node) lobbyOut(subj string, m protocol.LobbyMessage) {
	data, err := json.Marshal(m)
	if err != nil {
		n.log.Error("lobby message", "err", err)
		return
	}
	msg := &nats.Msg{Subject: subj, Data: data, Header: nats.Header{originHeader: []string{n.id}}}
	if err := n.nc.PublishMsg(msg); err != nil {
		n.log.Warn("lobby message", "subject", subj, "err", err)
	}
}

// challengeNode returns the node named in a challenge route's ID
// (/api/challenges/c_<node>_<random>/..., and the bot API's
// /api/challenge/c_<node>_<random>/...), "" for any other path.
func challengeNode(path string) string {
	rest, ok := strings.CutPrefix(path, "/api/challenges/c_")
	if !ok {
		rest, ok = strings.CutPrefix(path, "/api/challenge/c_")
	}
	if !ok {
		return ""
	}
	node, _, ok := strings.Cut(rest, "_")
	if !ok || strings.Contains(node, "/") {
		return ""
	}
	return node
}

// isAlive reports whether the poll saw node's lease live. It reads no
// bucket: a request naming a made-up node costs nothing.
func (n *Node) isAlive(node string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.alive[node]
}

// serveChallenges answers another node's request for an account's
// pending challenges held here.
func (n *Node) serveChallenges(msg *nats.Msg, h lobbyHost) {
	if msg.Header.Get(originHeader) == n.id || msg.Reply == "" {
		return
	}
	data, err := json.Marshal(h.LocalChallenges(string(msg.Data)))
	if err != nil {
		return
	}
	_ = msg.Respond(data)
}

// Challenges implements server.LobbyBus: it asks every node for the
// account's challenges and gathers the answers until each live node has
// answered or challengesWait has passed.
func (n *Node) Challenges(acct string) protocol.ChallengeList {
	var out protocol.ChallengeList
	n.mu.Lock()
	want := len(n.alive) - 1
	n.mu.Unlock()
	if want <= 0 {
		return out
	}
	inbox := n.nc.NewInbox()
	sub, err := n.nc.SubscribeSync(inbox)
	if err != nil {
		n.log.Warn("list challenges", "err", err)
		return out
	}
	defer func() { _ = sub.Unsubscribe() }()
	req := &nats.Msg{Subject: n.prefix + ".lobby.challenges", Reply: inbox, Data: []byte(acct), Header: nats.Header{originHeader: []string{n.id}}}
	if err := n.nc.PublishMsg(req); err != nil {
		n.log.Warn("list challenges", "err", err)
		return out
	}
	deadline := time.Now().Add(challengesWait)
	for range want {
		msg, err := sub.NextMsg(time.Until(deadline))
		if err != nil {
			break // the rest did not answer in time
		}
		var l protocol.ChallengeList
		if json.Unmarshal(msg.Data, &l) == nil {
			out.In = append(out.In, l.In...)
			out.Out = append(out.Out, l.Out...)
		}
	}
	return out
}
