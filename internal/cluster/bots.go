package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/server"
)

// Bot searches as a work queue. A match's owner publishes each search of a
// built-in level to the stream "<PREFIX>_bots" (work-queue retention), on
// "<prefix>.bots.job.human" when a person plays in the match, else on
// "<prefix>.bots.job.bots"; every node, and every tabula worker process,
// pulls from the stream's two durable consumers (one a subject), so a
// search runs once, wherever a worker is free. As in the server's own
// pool, a worker takes a search for a person's match whenever one waits,
// and searches for matches between bots only use all workers but one, so
// a person's reply never waits behind games between bots. The answer goes back on
// "<prefix>.bots.done.<owner>" to the node that asked; an answer for a
// version the match has left is dropped there. A search not answered
// within its budget plus botSlack counts as a failed search (the room
// retries with its backoff): its worker died, or its answer was lost.

const (
	// botSlack is how long past its budget a queued search may take
	// before its room treats it as failed: time to wait for a free
	// worker and the round trips.
	botSlack = 10 * time.Second
	// botAckWait is how long a worker may hold a job before JetStream
	// gives it to another (the worker died); longer than any budget
	// plus its grace.
	botAckWait = 30 * time.Second
	// botJobAge drops jobs nobody took for this long: their rooms have
	// treated them as failed and asked again.
	botJobAge = time.Minute
	// botFetchWait is how long a worker waits after a failed pull.
	botFetchWait = time.Second
	// botIdleWait is how long an idle worker's pull waits for a job for
	// a person's match (which it takes the moment one comes) before it
	// looks for a job for a match between bots again: the most such a
	// job waits while a worker is free.
	botIdleWait = 200 * time.Millisecond
)

// The queue's subjects (after the prefix) and their durable consumers.
const (
	subjHuman     = ".bots.job.human"
	subjBots      = ".bots.job.bots"
	consumerHuman = "workers-human"
	consumerBots  = "workers-bots"
	// consumerOld is the one consumer of the stream before it had two
	// subjects; it overlaps both and a work queue allows no overlap.
	consumerOld = "workers"
)

// botEnvelope is a queued search and the node that wants its answer.
type botEnvelope struct {
	Job   server.BotJob `json:"job"`
	Reply string        `json:"reply"`
	Until time.Time     `json:"until"` // past this the asker has given up
}

// botAnswer is a worker's answer.
type botAnswer struct {
	Match   string `json:"match"`
	Version int64  `json:"version"`
	Move    string `json:"move,omitempty"`
	Err     string `json:"err,omitempty"`
}

type botWait struct {
	version int64
	until   time.Time
}

func streamName(prefix string) string { return prefix + "_bots" }

// botStream creates or updates the work-queue stream and its consumers.
func botStream(ctx context.Context, js jetstream.JetStream, prefix string, replicas int) error {
	s, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: streamName(prefix), Subjects: []string{prefix + subjHuman, prefix + subjBots},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.MemoryStorage, MaxAge: botJobAge, Replicas: replicas,
	})
	if err != nil {
		return fmt.Errorf("cluster: bot stream: %w", err)
	}
	if err := s.DeleteConsumer(ctx, consumerOld); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return fmt.Errorf("cluster: bot consumer %s: %w", consumerOld, err)
	}
	for _, c := range []struct{ name, subj string }{{consumerHuman, subjHuman}, {consumerBots, subjBots}} {
		if _, err := s.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
			Durable: c.name, FilterSubject: prefix + c.subj, AckPolicy: jetstream.AckExplicitPolicy, AckWait: botAckWait, MaxDeliver: 3,
		}); err != nil {
			return fmt.Errorf("cluster: bot consumer %s: %w", c.name, err)
		}
	}
	return nil
}

// Submit queues a bot search (server.BotQueue).
func (n *Node) Submit(job server.BotJob) bool {
	until := time.Now().Add(job.Budget + botSlack)
	data, err := json.Marshal(botEnvelope{Job: job, Reply: n.id, Until: until})
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(n.ctx, opTimeout)
	defer cancel()
	subj := n.prefix + subjBots
	if job.Human {
		subj = n.prefix + subjHuman
	}
	if _, err := n.js.Publish(ctx, subj, data); err != nil {
		n.log.Warn("queue bot search", "match", job.Match, "err", err)
		return false // the room retries after botRetry
	}
	n.mu.Lock()
	n.botWaits[job.Match] = botWait{job.Version, until}
	n.mu.Unlock()
	return true
}

// serveBotAnswer hands a worker's answer to the match's room.
func (n *Node) serveBotAnswer(m *nats.Msg) {
	var a botAnswer
	if err := json.Unmarshal(m.Data, &a); err != nil {
		return
	}
	n.mu.Lock()
	if w, ok := n.botWaits[a.Match]; ok && w.version == a.Version {
		delete(n.botWaits, a.Match)
	}
	n.mu.Unlock()
	var err error
	if a.Err != "" {
		err = errors.New(a.Err)
	}
	n.wg.Go(func() { n.host.BotMove(a.Match, a.Version, a.Move, err) })
}

// expireBots fails the searches not answered in time.
func (n *Node) expireBots(now time.Time) {
	n.mu.Lock()
	var late []string
	var vers []int64
	for id, w := range n.botWaits {
		if now.After(w.until) {
			late = append(late, id)
			vers = append(vers, w.version)
			delete(n.botWaits, id)
		}
	}
	n.mu.Unlock()
	for i, id := range late {
		n.host.BotMove(id, vers[i], "", errors.New("cluster: queued bot search not answered in time"))
	}
}

// WorkerConfig is what RunWorkers needs.
type WorkerConfig struct {
	Prefix  string        // as the nodes' Config.Prefix
	Games   []*game.Info  // the games the workers can search
	Workers int           // searches at once; 0: one per core
	Logger  *slog.Logger  // nil: discard
	Grace   time.Duration // over a job's budget before its search is cut; 0: the budget again
}

// RunWorkers pulls bot searches from the queue on nc and runs them until
// ctx ends (the nodes run it by default; tabula worker runs only it).
func RunWorkers(ctx context.Context, nc *nats.Conn, cfg WorkerConfig) error {
	if cfg.Prefix == "" {
		cfg.Prefix = "tabula"
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("cluster: jetstream: %w", err)
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	human, err := js.Consumer(cctx, streamName(cfg.Prefix), consumerHuman)
	var bots jetstream.Consumer
	if err == nil {
		bots, err = js.Consumer(cctx, streamName(cfg.Prefix), consumerBots)
	}
	cancel()
	if err != nil {
		return fmt.Errorf("cluster: bot queue (start a node first, which creates it): %w", err)
	}
	games := map[string]*game.Info{}
	for _, g := range cfg.Games {
		games[g.ID] = g
	}
	// slots are held by workers waiting for or running a bot-only job.
	slots := make(chan struct{}, max(1, cfg.Workers-1))
	// take runs the one job a pull brought, if any; false when the pull
	// brought none or failed.
	take := func(batch jetstream.MessageBatch, err error) bool {
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, context.DeadlineExceeded) {
				cfg.Logger.Warn("fetch bot search", "err", err)
				sleepCtx(ctx, botFetchWait)
			}
			return false
		}
		got := false
		for msg := range batch.Messages() {
			runJob(ctx, nc, cfg, games, msg)
			got = true
		}
		return got
	}
	var wg sync.WaitGroup
	for range cfg.Workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				if take(human.FetchNoWait(1)) {
					continue
				}
				select {
				case slots <- struct{}{}:
					got := take(bots.FetchNoWait(1))
					<-slots
					if got {
						continue
					}
				default:
				}
				take(human.Fetch(1, jetstream.FetchMaxWait(botIdleWait)))
			}
		})
	}
	wg.Wait()
	return nil
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// runJob runs one queued search and answers it.
func runJob(ctx context.Context, nc *nats.Conn, cfg WorkerConfig, games map[string]*game.Info, msg jetstream.Msg) {
	var env botEnvelope
	if err := json.Unmarshal(msg.Data(), &env); err != nil || env.Reply == "" {
		_ = msg.Term()
		return
	}
	_ = msg.Ack() // a job is run once: a worker that dies loses it, and its room's wait runs out
	if time.Now().After(env.Until) {
		return // its room has given up on it
	}
	j := env.Job
	ans := botAnswer{Match: j.Match, Version: j.Version}
	move, err := search(ctx, cfg, games, j)
	if err != nil {
		ans.Err = err.Error()
	} else {
		ans.Move = move
	}
	data, _ := json.Marshal(ans)
	_ = nc.Publish(cfg.Prefix+".bots.done."+env.Reply, data)
}

func search(ctx context.Context, cfg WorkerConfig, games map[string]*game.Info, j server.BotJob) (string, error) {
	info := games[j.Game]
	if info == nil {
		return "", fmt.Errorf("cluster: bot search: no game %q here", j.Game)
	}
	st, err := server.BotPosition(info, j)
	if err != nil {
		return "", err
	}
	agent, err := ai.FromSpec(j.Bot, j.BotSeed)
	if err != nil {
		return "", fmt.Errorf("cluster: bot %q: %w", j.Bot, err)
	}
	grace := cfg.Grace
	if grace <= 0 {
		grace = j.Budget
	}
	sctx, cancel := context.WithTimeout(ctx, j.Budget+grace)
	defer cancel()
	rep, err := agent.Choose(sctx, st, ai.Budget{Time: j.Budget, Clock: j.Clock})
	if err != nil {
		return "", fmt.Errorf("cluster: bot %q: %w", j.Bot, err)
	}
	return st.MoveString(rep.Move), nil
}
