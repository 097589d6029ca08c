package cluster

import (
	"context"
	crand "crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/tabula-games/tabula/internal/seek"
)

// The shared seek book. Seeks are paired only with seeks of the same key
// (game, variant, players, time control, rated), so the book is kept as
// one shelf per key: the KV bucket "<prefix>_seeks" maps a key (its JSON,
// base64url) to the key's waiting tables and the node of each seek. A
// node adds or removes a seek by compare-and-swap on the shelf's revision
// (reading it again on a conflict), so two nodes never seat one seek
// twice nor fill one table twice: whichever node's write fills a table
// starts the match, and tells the seekers on other nodes through their
// lobby connections' subjects.
//
// Every node watches the bucket: the watch keeps a copy of the book for
// the lobby's lists and the caps, and tells the node's lobby streams when
// it changes. A seek belongs to a lobby connection of one node: it leaves
// the book when the connection closes (RemoveOwner, on that node) and is
// ignored from the moment its node's lease lapses (the lists skip it and
// the next write of its shelf drops it), so a dead node's seeks neither
// show nor pair.
//
// The caps are counted on the watched copy, which follows each write
// within a moment: seeks added faster than that (on one node or on
// several) can pass a cap by a few.

// casTries bounds the compare-and-swap retries of one shelf write: each
// conflict is another node's write of the same shelf, which succeeded.
// After a conflict a writer waits a random time under casBackoff times
// the tries so far, so that two nodes writing one shelf without pause
// take turns rather than one losing every race.
const (
	casTries   = 32
	casBackoff = 2 * time.Millisecond
)

// shelfStripes is how many locks a node's shelf writes are spread over
// (by the shelf's hash): writes of different kinds of seek rarely wait on
// one another.
const shelfStripes = 64

// shelf is the KV value of one key's shelf.
type shelf struct {
	Tables []seek.Table      `json:"tables"`
	Nodes  map[string]string `json:"nodes"` // seek ID → its node
}

// SeekBook is a seek.Book shared by the nodes of a cluster.
type SeekBook struct {
	n      *Node
	kv     jetstream.KeyValue
	lim    seek.Limits
	change func()

	// stripes serialize this node's writes of one shelf, so its own
	// requests queue instead of conflicting: a conflict is then another
	// node's write.
	stripes [shelfStripes]sync.Mutex

	rmu sync.Mutex
	rnd *rand.Rand // the backoff after a conflict

	mu      sync.Mutex
	shelves map[string]shelf // the watched copy, by KV key
	// owners are the shelves where this node's lobby connections have
	// added seeks, until they close (RemoveOwner): a connection that
	// closes before the watch shows its seek still takes it away.
	owners map[string]map[string]bool
}

var _ seek.Book = (*SeekBook)(nil)

// openSeekBook opens the bucket and starts watching it; change is called
// after every change the watch sees.
func openSeekBook(ctx context.Context, n *Node, lim seek.Limits, change func()) (*SeekBook, error) {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	kv, err := n.js.CreateOrUpdateKeyValue(cctx, jetstream.KeyValueConfig{Bucket: n.prefix + "_seeks", History: 1, Replicas: n.cfg.Replicas})
	if err != nil {
		return nil, fmt.Errorf("cluster: seeks bucket: %w", err)
	}
	var seed [32]byte
	if _, err := crand.Read(seed[:]); err != nil {
		return nil, fmt.Errorf("cluster: seed: %w", err)
	}
	b := &SeekBook{n: n, kv: kv, lim: lim, change: change, rnd: rand.New(rand.NewChaCha8(seed)), shelves: map[string]shelf{}, owners: map[string]map[string]bool{}}
	w, err := kv.WatchAll(n.ctx)
	if err != nil {
		return nil, fmt.Errorf("cluster: watch seeks: %w", err)
	}
	n.wg.Go(func() { b.watch(w) })
	return b, nil
}

func (b *SeekBook) watch(w jetstream.KeyWatcher) {
	defer w.Stop()
	for {
		select {
		case <-b.n.ctx.Done():
			return
		case e, ok := <-w.Updates():
			if !ok {
				return
			}
			if e == nil {
				continue // the initial values are in
			}
			var nodes map[string]string
			b.mu.Lock()
			if e.Operation() != jetstream.KeyValuePut {
				delete(b.shelves, e.Key())
			} else {
				var sh shelf
				if err := json.Unmarshal(e.Value(), &sh); err == nil {
					b.shelves[e.Key()] = sh
					nodes = sh.Nodes
				}
			}
			b.mu.Unlock()
			b.learn(nodes)
			b.change()
		}
	}
}

// learn marks as alive the nodes of a shelf whose lease lives though the
// poll has not seen it yet (a node that just joined), so their seeks show
// at once.
func (b *SeekBook) learn(nodes map[string]string) {
	var unknown []string
	b.n.mu.Lock()
	for _, node := range nodes {
		if !b.n.alive[node] && !slices.Contains(unknown, node) {
			unknown = append(unknown, node)
		}
	}
	b.n.mu.Unlock()
	for _, node := range unknown {
		ctx, cancel := context.WithTimeout(b.n.ctx, opTimeout)
		alive, err := b.n.leaseAlive(ctx, node)
		cancel()
		if err == nil && alive {
			b.n.mu.Lock()
			b.n.alive[node] = true
			b.n.mu.Unlock()
		}
	}
}

// kvKey is the bucket key of a seek key's shelf.
func kvKey(k seek.Key) string {
	data, _ := json.Marshal(k)
	return base64.RawURLEncoding.EncodeToString(data)
}

// live drops the seeks of dead nodes from sh and reports whether it did.
// A node the poll has not seen is looked up in the leases first: it may
// have joined since.
func (b *SeekBook) live(ctx context.Context, sh *shelf) bool {
	alive := map[string]bool{}
	b.n.mu.Lock()
	for _, node := range sh.Nodes {
		alive[node] = b.n.alive[node]
	}
	b.n.mu.Unlock()
	for node, ok := range alive {
		if !ok {
			if live, err := b.n.leaseAlive(ctx, node); err != nil || live {
				alive[node] = true // keep what cannot be known dead
			}
		}
	}
	return b.drop(sh, func(s seek.Seek) bool { return !alive[sh.Nodes[s.ID]] }) > 0
}

// update applies f to the shelf of key by compare-and-swap; f reports
// whether it changed the shelf (nothing is written when it did not).
func (b *SeekBook) update(key string, f func(sh *shelf) (bool, error)) error {
	h := fnv.New32a()
	h.Write([]byte(key))
	lock := &b.stripes[h.Sum32()%shelfStripes]
	lock.Lock()
	defer lock.Unlock()
	ctx, cancel := context.WithTimeout(b.n.ctx, opTimeout)
	defer cancel()
	for try := range casTries {
		var sh shelf
		var rev uint64
		e, err := b.kv.Get(ctx, key)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
		case err != nil:
			return fmt.Errorf("cluster: read seeks: %w", err)
		default:
			if err := json.Unmarshal(e.Value(), &sh); err != nil {
				return fmt.Errorf("cluster: seeks shelf %s: %w", key, err)
			}
			rev = e.Revision()
		}
		if sh.Nodes == nil {
			sh.Nodes = map[string]string{}
		}
		dropped := b.live(ctx, &sh)
		changed, err := f(&sh)
		if err != nil || !changed && !dropped {
			return err
		}
		switch {
		case len(sh.Tables) == 0 && rev == 0:
			return nil
		case len(sh.Tables) == 0:
			err = b.kv.Delete(ctx, key, jetstream.LastRevision(rev))
		default:
			data, merr := json.Marshal(sh)
			if merr != nil {
				return fmt.Errorf("cluster: seeks shelf: %w", merr)
			}
			if rev == 0 {
				_, err = b.kv.Create(ctx, key, data)
			} else {
				_, err = b.kv.Update(ctx, key, data, rev)
			}
		}
		if err == nil {
			return nil
		}
		if !isMismatch(err) && !errors.Is(err, jetstream.ErrKeyExists) {
			return fmt.Errorf("cluster: write seeks: %w", err)
		}
		b.rmu.Lock()
		wait := time.Duration(b.rnd.Int64N(int64(casBackoff) * int64(try+1)))
		b.rmu.Unlock()
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: seeks shelf %s: %w", key, ctx.Err())
		case <-time.After(wait):
		}
	}
	return fmt.Errorf("cluster: seeks shelf %s: %d conflicting writes in a row", key, casTries)
}

// counts returns the seeks of owner and of client, and all seeks, in the
// watched copy (live nodes only).
func (b *SeekBook) counts(owner, client string) (byOwner, byClient, total int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n.mu.Lock()
	defer b.n.mu.Unlock()
	for _, sh := range b.shelves {
		for _, t := range sh.Tables {
			for _, s := range t.Seeks {
				if !b.n.alive[sh.Nodes[s.ID]] {
					continue
				}
				total++
				if s.Owner == owner {
					byOwner++
				}
				if s.Client == client {
					byClient++
				}
			}
		}
	}
	return
}

// Add implements seek.Book.
func (b *SeekBook) Add(s seek.Seek) ([]seek.Seek, error) {
	owner, client, total := b.counts(s.Owner, s.Client)
	switch {
	case total >= b.lim.MaxTotal:
		return nil, seek.ErrBookFull
	case owner >= b.lim.MaxPerOwner:
		return nil, seek.ErrOwnerFull
	case client >= b.lim.MaxPerClient:
		return nil, seek.ErrClientFull
	}
	var full []seek.Seek
	key := kvKey(s.Key)
	b.mu.Lock()
	if b.owners[s.Owner] == nil {
		b.owners[s.Owner] = map[string]bool{}
	}
	b.owners[s.Owner][key] = true
	b.mu.Unlock()
	err := b.update(key, func(sh *shelf) (bool, error) {
		sh.Tables, full = seek.Place(sh.Tables, s)
		if full == nil {
			sh.Nodes[s.ID] = b.n.id
			return true, nil
		}
		for _, o := range full {
			delete(sh.Nodes, o.ID)
		}
		return len(full) > 1, nil
	})
	if err != nil {
		return nil, err
	}
	return full, nil
}

// Remove implements seek.Book.
func (b *SeekBook) Remove(owner, id string) error {
	var keys []string // the owner's shelves: the seek is on one of them, if anywhere
	b.mu.Lock()
	for k := range b.owners[owner] {
		keys = append(keys, k)
	}
	b.mu.Unlock()
	for _, k := range keys {
		found := false
		err := b.update(k, func(sh *shelf) (bool, error) {
			found = b.drop(sh, func(s seek.Seek) bool { return s.ID == id && s.Owner == owner }) > 0
			return found, nil
		})
		if err != nil || found {
			return err
		}
	}
	return seek.ErrNotFound // never added here, or paired meanwhile
}

// drop removes the seeks del accepts from sh and returns how many.
func (b *SeekBook) drop(sh *shelf, del func(seek.Seek) bool) int {
	n := 0
	for i := len(sh.Tables) - 1; i >= 0; i-- {
		t := &sh.Tables[i]
		t.Seeks = slices.DeleteFunc(t.Seeks, func(s seek.Seek) bool {
			if del(s) {
				delete(sh.Nodes, s.ID)
				n++
				return true
			}
			return false
		})
		if len(t.Seeks) == 0 {
			sh.Tables = slices.Delete(sh.Tables, i, i+1)
		}
	}
	return n
}

// RemoveOwner implements seek.Book.
func (b *SeekBook) RemoveOwner(owner string) int {
	var keys []string
	b.mu.Lock()
	for k := range b.owners[owner] {
		keys = append(keys, k)
	}
	delete(b.owners, owner)
	for k, sh := range b.shelves {
		if slices.Contains(keys, k) {
			continue
		}
		if slices.ContainsFunc(sh.Tables, func(t seek.Table) bool {
			return slices.ContainsFunc(t.Seeks, func(s seek.Seek) bool { return s.Owner == owner })
		}) {
			keys = append(keys, k)
		}
	}
	b.mu.Unlock()
	total := 0
	for _, k := range keys {
		err := b.update(k, func(sh *shelf) (bool, error) {
			n := b.drop(sh, func(s seek.Seek) bool { return s.Owner == owner })
			total += n
			return n > 0, nil
		})
		if err != nil {
			b.n.log.Warn("remove seeks", "owner", owner, "err", err)
		}
	}
	return total
}

// Tables implements seek.Book: the live nodes' tables of the watched
// copy, oldest first.
func (b *SeekBook) Tables(limit int) []seek.Table {
	var out []seek.Table
	b.mu.Lock()
	b.n.mu.Lock()
	for _, sh := range b.shelves {
		for _, t := range sh.Tables {
			ss := slices.DeleteFunc(slices.Clone(t.Seeks), func(s seek.Seek) bool { return !b.n.alive[sh.Nodes[s.ID]] })
			if len(ss) > 0 {
				out = append(out, seek.Table{Key: t.Key, Seeks: ss})
			}
		}
	}
	b.n.mu.Unlock()
	b.mu.Unlock()
	slices.SortFunc(out, func(x, y seek.Table) int { return x.Seeks[0].Created.Compare(y.Seeks[0].Created) })
	return out[:min(limit, len(out))]
}

// Len implements seek.Book.
func (b *SeekBook) Len() int {
	_, _, total := b.counts("", "")
	return total
}
