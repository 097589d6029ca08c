// Package cluster makes a game server one node of several that share one
// PostgreSQL database, over NATS JetStream.
//
// Ownership. Every loaded match has one owner node, which alone runs its
// room (commands, clocks, bots, commits). A node holds a lease: a key in
// the KV bucket "<prefix>_nodes" whose entries expire LeaseTTL after their
// last write; the node renews it every RenewEvery by compare-and-swap on
// its revision. A match's owner is recorded in the bucket
// "<prefix>_owners" (match ID → node ID), written by create (a match
// nobody owns) or by compare-and-swap on the revision read (a match whose
// owner's lease is gone), so of two nodes claiming one match only one
// wins. An owner record is valid only while its node's lease lives: the
// records hang on the node's lease, and when the lease lapses every match
// of that node is free at once. A node that has not renewed its lease for
// LeaseTTL-leaseMargin (measured from when it sent its last successful
// renewal, so before the bucket lets the lease go) stops every room it
// runs at once (Server.Evict); the store's version check (a change
// commits only on the version it was based on) fences anything in
// flight.
//
// Failover. Every node watches the owner records and polls the leases
// every pollEvery; a match whose owner's lease is gone, or that its owner
// released while live, is adopted: rebuilt from the store by one node
// (chosen by the match ID's hash among the live nodes; any other node
// after adoptGrace, in case that one died too), its clocks resumed as
// after a single node's restart (time while no node ran the match is not
// charged). Worst case from a node's death to its matches running
// elsewhere: LeaseTTL + pollEvery + the load, under 4 s; with the chosen
// node dead too, adoptGrace more (5.5 s).
//
// Relay. A client may reach any node. A request for a match another live
// node owns is relayed to it over NATS: a lobby request by request/reply
// on "<prefix>.node.<owner>.http"; a WebSocket as a byte stream, opened by
// request/reply on "<prefix>.node.<owner>.ws" and carried in numbered
// chunks on "<prefix>.tun.<node>.<tunnel>" each way, so the owner's
// server handles it as its own connection (versions, acks, resync on
// reconnect unchanged). A relayed connection whose owner dies or loses
// the match is closed; the client reconnects to any node and resyncs by
// version.
package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/server"
)

const (
	// LeaseTTL is how long a node's lease lives after its last renewal:
	// the longest a dead node's matches wait for a new owner, less the
	// poll. Shorter makes a NATS hiccup cost a node all its matches.
	LeaseTTL = 3 * time.Second
	// RenewEvery is how often a node renews its lease: three renewals
	// per LeaseTTL, so one lost renewal costs nothing.
	RenewEvery = time.Second
	// leaseMargin is how long before the bucket could let its lease go a
	// node stops acting: the bucket measures LeaseTTL from when it stored
	// the renewal, the node from when it sent it, earlier.
	leaseMargin = 500 * time.Millisecond
	// pollEvery is how often a node reads the leases to find dead nodes.
	pollEvery = 500 * time.Millisecond
	// adoptGrace is how long the other nodes leave an orphaned match to
	// the node its hash chose before adopting it themselves.
	adoptGrace = 1500 * time.Millisecond
	// opTimeout bounds one KV operation or relay request.
	opTimeout = 2 * time.Second
	// adopters bounds the matches a node rebuilds at once after a failure.
	adopters = 8
)

// Host is the server a node runs matches for (*server.Server).
type Host interface {
	// Evict stops match id's room at once: the node no longer owns it.
	Evict(id string)
	// Adopt rebuilds match id's room if the match is live, claiming it.
	Adopt(ctx context.Context, id string) (bool, error)
	// BotMove applies a queued bot search's answer (see bots.go).
	BotMove(id string, version int64, move string, err error)
}

// Config is what a Node is made from.
type Config struct {
	// URL is the NATS server's (or servers', comma-separated) URL.
	URL string
	// Prefix names the buckets and subjects, so clusters can share a NATS
	// system; "" is "tabula".
	Prefix string
	// Local is the server's own HTTP handler: requests for matches this
	// node owns, and the ones other nodes relay to it.
	Local  http.Handler
	Logger *slog.Logger // nil: discard
	// Games are the games this node's bot workers search; with none the
	// node runs no bot worker (tabula worker processes must).
	Games []*game.Info
	// BotWorkers is how many queued bot searches the node runs at once;
	// 0: one per core.
	BotWorkers int
	// Replicas is how many NATS servers keep each bucket and the bot
	// stream: 3 on a three-server NATS cluster (one may fail); 0 is 1.
	Replicas int
}

// Node is a server's membership in a cluster. Make one with Join, give it
// to the server (server.SetCluster), then Start it.
type Node struct {
	id     string
	prefix string
	log    *slog.Logger
	local  http.Handler
	host   Host

	nc     *nats.Conn
	js     jetstream.JetStream
	nodes  jetstream.KeyValue // the leases: node ID → anything, expiring
	owners jetstream.KeyValue // match ID → owner node ID

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	leaseRev uint64    // the lease's revision, 0 while the node has none
	leaseAt  time.Time // when the last successful renewal was sent
	owned    map[string]uint64
	index    map[string]ownerRec // every owner record, from the watch
	alive    map[string]bool     // the nodes whose lease lives, from the poll
	orphans  map[string]time.Time
	adopting map[string]bool
	tunnels  map[string]*tunnel
	tunSeq   uint64
	subs     []*nats.Subscription
	adoptQ   chan string
	botWaits map[string]botWait // queued bot searches by match, until answered or late
	seeks    *SeekBook          // the shared seek book (lobby.go), nil for a host without a lobby
	cfg      Config
}

type ownerRec struct {
	node string
	rev  uint64
}

// ID returns the node's ID.
func (n *Node) ID() string { return n.id }

// Join connects to NATS, creates the buckets if missing and takes the
// node's lease. The node claims nothing yet: call Start once the server
// has it (server.SetCluster).
func Join(ctx context.Context, cfg Config, host Host) (*Node, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "tabula"
	}
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, fmt.Errorf("cluster: node id: %w", err)
	}
	n := &Node{
		id: "n" + hex.EncodeToString(b[:]), prefix: cfg.Prefix, log: cfg.Logger, local: cfg.Local, host: host,
		owned: map[string]uint64{}, index: map[string]ownerRec{}, alive: map[string]bool{},
		orphans: map[string]time.Time{}, adopting: map[string]bool{}, tunnels: map[string]*tunnel{},
		adoptQ: make(chan string, 4096), botWaits: map[string]botWait{}, cfg: cfg,
	}
	n.log = n.log.With("node", n.id)
	nc, err := nats.Connect(cfg.URL, nats.Name("tabula "+n.id), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond))
	if err != nil {
		return nil, fmt.Errorf("cluster: connect %s: %w", cfg.URL, err)
	}
	n.nc = nc
	fail := func(err error) (*Node, error) {
		nc.Close()
		return nil, err
	}
	if n.js, err = jetstream.New(nc); err != nil {
		return fail(fmt.Errorf("cluster: jetstream: %w", err))
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if n.nodes, err = n.js.CreateOrUpdateKeyValue(cctx, jetstream.KeyValueConfig{Bucket: n.prefix + "_nodes", TTL: LeaseTTL, History: 1, Replicas: cfg.Replicas}); err != nil {
		return fail(fmt.Errorf("cluster: leases bucket: %w", err))
	}
	if n.owners, err = n.js.CreateOrUpdateKeyValue(cctx, jetstream.KeyValueConfig{Bucket: n.prefix + "_owners", History: 1, Replicas: cfg.Replicas}); err != nil {
		return fail(fmt.Errorf("cluster: owners bucket: %w", err))
	}
	sent := time.Now()
	rev, err := n.nodes.Create(cctx, n.id, []byte(n.id))
	if err != nil {
		return fail(fmt.Errorf("cluster: take lease: %w", err))
	}
	n.leaseRev, n.leaseAt = rev, sent
	n.alive[n.id] = true
	return n, nil
}

// Start begins renewing the lease, watching the owners, adopting orphaned
// matches and serving relayed requests.
func (n *Node) Start(ctx context.Context) error {
	n.ctx, n.cancel = context.WithCancel(context.WithoutCancel(ctx))
	w, err := n.owners.WatchAll(n.ctx)
	if err != nil {
		return fmt.Errorf("cluster: watch owners: %w", err)
	}
	for _, sub := range []struct {
		subj string
		f    nats.MsgHandler
	}{
		{n.subject("node", n.id, "http"), n.serveHTTP},
		{n.subject("node", n.id, "ws"), n.serveOpen},
		{n.subject("tun", n.id, "*"), n.serveChunk},
		{n.prefix + ".bots.done." + n.id, n.serveBotAnswer},
	} {
		s, err := n.nc.Subscribe(sub.subj, sub.f)
		if err != nil {
			return fmt.Errorf("cluster: subscribe %s: %w", sub.subj, err)
		}
		_ = s.SetPendingLimits(-1, -1)
		n.subs = append(n.subs, s)
	}
	if keys, err := n.nodes.Keys(n.ctx); err == nil {
		n.orphaned(keys, time.Now())
	}
	if err := n.startLobby(n.ctx); err != nil {
		return fmt.Errorf("cluster: lobby: %w", err)
	}
	n.wg.Go(func() { n.watch(w) })
	n.wg.Go(n.leaseLoop)
	n.wg.Go(n.pollLoop)
	for range adopters {
		n.wg.Go(n.adoptLoop)
	}
	cctx, cancel := context.WithTimeout(n.ctx, 10*time.Second)
	err = botStream(cctx, n.js, n.prefix, n.cfg.Replicas)
	cancel()
	if err != nil {
		return err
	}
	if len(n.cfg.Games) > 0 {
		n.wg.Go(func() {
			wc := WorkerConfig{Prefix: n.prefix, Games: n.cfg.Games, Workers: n.cfg.BotWorkers, Logger: n.log}
			if err := RunWorkers(n.ctx, n.nc, wc); err != nil {
				n.log.Error("bot workers", "err", err)
			}
		})
	}
	return nil
}

// Close gives up the lease (the node's matches are free at once) and
// disconnects. Stop the server first: its rooms release their matches.
func (n *Node) Close() {
	if n.cancel != nil {
		n.cancel()
	}
	for _, s := range n.subs {
		_ = s.Unsubscribe()
	}
	n.mu.Lock()
	tuns := make([]*tunnel, 0, len(n.tunnels))
	for _, t := range n.tunnels {
		tuns = append(tuns, t)
	}
	rev := n.leaseRev
	n.leaseRev = 0
	n.mu.Unlock()
	for _, t := range tuns {
		t.close()
	}
	n.wg.Wait()
	if rev != 0 {
		ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
		_ = n.nodes.Delete(ctx, n.id, jetstream.LastRevision(rev))
		cancel()
	}
	n.nc.Close()
}

func (n *Node) subject(kind, node, rest string) string {
	return n.prefix + "." + kind + "." + node + "." + rest
}

// leaseValid reports whether the node may act: its last renewal was sent
// less than LeaseTTL-leaseMargin ago. n.mu held.
func (n *Node) leaseValid(now time.Time) bool {
	return n.leaseRev != 0 && now.Sub(n.leaseAt) < LeaseTTL-leaseMargin
}

// Claim makes this node the owner of match id (server.Cluster): by create
// when nobody owns it, by compare-and-swap when its owner's lease is
// gone. False when another live node owns it, or this node's own lease is
// in doubt.
func (n *Node) Claim(ctx context.Context, id string) (bool, error) {
	n.mu.Lock()
	_, mine := n.owned[id]
	valid := n.leaseValid(time.Now())
	n.mu.Unlock()
	if !valid {
		return false, nil
	}
	if mine {
		return true, nil
	}
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	var rev uint64
	e, err := n.owners.Get(ctx, id)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		rev, err = n.owners.Create(ctx, id, []byte(n.id))
		if errors.Is(err, jetstream.ErrKeyExists) {
			return false, nil // another node was first
		}
	case err != nil:
	default:
		owner := string(e.Value())
		if owner != n.id {
			alive, lerr := n.leaseAlive(ctx, owner)
			if lerr != nil {
				return false, lerr
			}
			if alive {
				return false, nil
			}
		}
		rev, err = n.owners.Update(ctx, id, []byte(n.id), e.Revision())
		if errors.Is(err, jetstream.ErrKeyExists) || isMismatch(err) {
			return false, nil
		}
	}
	if err != nil {
		return false, fmt.Errorf("cluster: claim %s: %w", id, err)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.leaseValid(time.Now()) {
		// The lease lapsed while claiming: the record names this node,
		// whose lease is gone, so anyone may take it.
		return false, nil
	}
	n.owned[id] = rev
	n.index[id] = ownerRec{n.id, rev}
	delete(n.orphans, id)
	return true, nil
}

func isMismatch(err error) bool {
	var je jetstream.JetStreamError
	return errors.Is(err, jetstream.ErrKeyRevisionMismatch) ||
		errors.As(err, &je) && je.APIError() != nil && je.APIError().ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence
}

// leaseAlive reads whether node's lease lives now.
func (n *Node) leaseAlive(ctx context.Context, node string) (bool, error) {
	_, err := n.nodes.Get(ctx, node)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cluster: read lease of %s: %w", node, err)
	}
	return true, nil
}

// Release deletes this node's owner record of match id (server.Cluster),
// if the record is still its own.
func (n *Node) Release(id string) {
	n.mu.Lock()
	rev, ok := n.owned[id]
	delete(n.owned, id)
	n.mu.Unlock()
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	if err := n.owners.Delete(ctx, id, jetstream.LastRevision(rev)); err != nil && !isMismatch(err) {
		n.log.Warn("release match", "match", id, "err", err)
	}
}

// Owned returns the matches this node owns now, sorted.
func (n *Node) Owned() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := make([]string, 0, len(n.owned))
	for id := range n.owned {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// leaseLoop renews the lease every RenewEvery and, when the lease is in
// doubt (no renewal for LeaseTTL-leaseMargin), stops every room at once
// and takes a new lease.
func (n *Node) leaseLoop() {
	tick := time.NewTicker(RenewEvery / 4)
	defer tick.Stop()
	for {
		select {
		case <-n.ctx.Done():
			return
		case <-tick.C:
		}
		now := time.Now()
		n.mu.Lock()
		rev, at, valid := n.leaseRev, n.leaseAt, n.leaseValid(now)
		n.mu.Unlock()
		if rev != 0 && !valid {
			n.lose("lease not renewed in time")
			continue
		}
		if rev != 0 && now.Sub(at) < RenewEvery {
			continue
		}
		ctx, cancel := context.WithTimeout(n.ctx, RenewEvery)
		var err error
		if rev != 0 {
			rev, err = n.nodes.Update(ctx, n.id, []byte(n.id), rev)
		} else {
			rev, err = n.nodes.Create(ctx, n.id, []byte(n.id))
		}
		cancel()
		if err != nil {
			if isMismatch(err) || errors.Is(err, jetstream.ErrKeyNotFound) {
				n.lose("lease taken or gone: " + err.Error())
			} else if n.ctx.Err() == nil {
				n.log.Warn("renew lease", "err", err)
			}
			continue
		}
		n.mu.Lock()
		if n.ctx.Err() == nil {
			n.leaseRev, n.leaseAt = rev, now
		}
		n.mu.Unlock()
	}
}

// lose gives up the lease and every match at once: the rooms stop (their
// connections reconnect elsewhere); the next renewal takes a new lease.
func (n *Node) lose(why string) {
	n.mu.Lock()
	if n.leaseRev == 0 {
		n.mu.Unlock()
		return
	}
	n.leaseRev = 0
	ids := make([]string, 0, len(n.owned))
	for id := range n.owned {
		ids = append(ids, id)
	}
	clear(n.owned)
	n.mu.Unlock()
	n.log.Error("lost the lease: stopping every match", "why", why, "matches", len(ids))
	for _, id := range ids {
		n.host.Evict(id)
	}
}

// watch keeps the index of owner records.
func (n *Node) watch(w jetstream.KeyWatcher) {
	defer func() { _ = w.Stop() }()
	for {
		select {
		case <-n.ctx.Done():
			return
		case e, ok := <-w.Updates():
			if !ok {
				return
			}
			if e == nil {
				continue // the end of the initial values
			}
			n.mu.Lock()
			if e.Operation() == jetstream.KeyValuePut {
				n.index[e.Key()] = ownerRec{string(e.Value()), e.Revision()}
				if rev, ok := n.owned[e.Key()]; ok && rev != e.Revision() && string(e.Value()) != n.id {
					// Another node took the record: this node's lease
					// must have lapsed; stop at once.
					delete(n.owned, e.Key())
					n.mu.Unlock()
					n.host.Evict(e.Key())
					continue
				}
			} else {
				delete(n.index, e.Key())
				if _, ok := n.orphans[e.Key()]; !ok {
					n.orphans[e.Key()] = time.Now() // released: adopted if live
				}
			}
			n.mu.Unlock()
		}
	}
}

// pollLoop reads the live leases and queues the matches whose owner's
// lease is gone.
func (n *Node) pollLoop() {
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		select {
		case <-n.ctx.Done():
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(n.ctx, opTimeout)
		keys, err := n.nodes.Keys(ctx)
		cancel()
		if err != nil && !errors.Is(err, jetstream.ErrNoKeysFound) {
			if n.ctx.Err() == nil {
				n.log.Warn("read leases", "err", err)
			}
			continue
		}
		n.orphaned(keys, time.Now())
		n.expireBots(time.Now())
	}
}

// orphaned updates the live nodes and queues the orphaned matches this
// node should adopt now.
func (n *Node) orphaned(live []string, now time.Time) {
	n.mu.Lock()
	clear(n.alive)
	for _, k := range live {
		n.alive[k] = true
	}
	slices.Sort(live)
	for id, rec := range n.index {
		_, mine := n.owned[id]
		if mine || (rec.node != n.id && n.alive[rec.node]) {
			delete(n.orphans, id)
			continue
		}
		if _, ok := n.orphans[id]; !ok {
			n.orphans[id] = now
		}
	}
	var due []string
	valid := n.leaseValid(now)
	for id, since := range n.orphans {
		if rec, ok := n.index[id]; ok && n.alive[rec.node] && rec.node != n.id {
			delete(n.orphans, id)
			continue
		}
		if !valid || n.adopting[id] {
			continue
		}
		if chosen(id, live) == n.id || now.Sub(since) >= adoptGrace {
			n.adopting[id] = true
			due = append(due, id)
		}
	}
	n.mu.Unlock()
	for _, id := range due {
		select {
		case n.adoptQ <- id:
		default:
			n.mu.Lock()
			delete(n.adopting, id) // next poll
			n.mu.Unlock()
		}
	}
}

// chosen is the live node that adopts an orphaned match first.
func chosen(id string, live []string) string {
	if len(live) == 0 {
		return ""
	}
	h := fnv.New32a()
	h.Write([]byte(id))
	return live[int(h.Sum32()%uint32(len(live)))]
}

// adoptLoop rebuilds queued orphaned matches.
func (n *Node) adoptLoop() {
	for {
		select {
		case <-n.ctx.Done():
			return
		case id := <-n.adoptQ:
			n.adopt(id)
		}
	}
}

func (n *Node) adopt(id string) {
	defer func() {
		n.mu.Lock()
		delete(n.adopting, id)
		n.mu.Unlock()
	}()
	ctx, cancel := context.WithTimeout(n.ctx, 10*time.Second)
	defer cancel()
	start := time.Now()
	live, err := n.host.Adopt(ctx, id)
	if err != nil {
		if n.ctx.Err() == nil && !errors.Is(err, server.ErrClosing) {
			n.log.Warn("adopt match", "match", id, "err", err)
		}
		return
	}
	n.mu.Lock()
	delete(n.orphans, id)
	rec, ok := n.index[id]
	n.mu.Unlock()
	if live {
		n.log.Info("adopted match", "match", id, "took", time.Since(start))
		return
	}
	if ok && rec.node != n.id {
		// A finished match's record whose owner died: nobody needs it.
		_ = n.owners.Delete(ctx, id, jetstream.LastRevision(rec.rev))
	}
}
