//go:build unix

package alphabeta

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/pathagon"
)

// depthPositions are the positions BenchmarkTimeToDepth searches: the
// Abalone start, two middle games reached by fixed lines (24 plies of
// depth-4 self-play after two random moves, one on the standard layout
// and one on Belgian daisy with the marbles in contact) and a Pathagon
// opening.
var depthPositions = map[string]struct {
	game    *game.Info
	variant string
	line    string
}{
	"abalone/start": {abalone.Info, "", ""},
	"abalone/middle": {abalone.Info, "",
		"c3c4d3 g5h5f4 b1b3c2 f4h4f5 a1a2b2 i9h8 a5b5 h8g7 b6c6 h9i9 a3b4 h7g6 c4d4 i8i9h7 a4b4 i7h7 c6d6 i5i6 c4c5 h5g4 b3c4 h8h7 b4b3 i6h5"},
	"abalone/daisy-middle": {abalone.Info, "belgian-daisy",
		"b3c4 c5c6d5 a1b2 a5b5 a2b3 d6d5 c2c3 i5h5 b3c4 i6h6 d5c5 d4e4 i8h8 g4g5 i9h8 e4f5d4 g9h9 h4g4 f8g9 f6e5 c5c4 d4e5e4 c4c3 e4f5"},
	"pathagon/opening": {pathagon.Info, "", "d4 c3 e5 d3"},
}

// depthCases are the searches BenchmarkTimeToDepth times, each a fraction
// of a second to a second on one idle core: the plain search (the bots')
// and late-move reductions with aspiration, which reach two plies deeper
// in the same time.
var depthCases = []struct {
	pos   string
	name  string
	cfg   Config
	depth int
}{
	{"abalone/start", "plain", Config{}, 7},
	{"abalone/start", "lmr+asp", lmrAsp, 9},
	{"abalone/middle", "plain", Config{}, 6},
	{"abalone/middle", "lmr+asp", lmrAsp, 8},
	{"abalone/daisy-middle", "plain", Config{}, 7},
	{"abalone/daisy-middle", "lmr+asp", lmrAsp, 9},
	{"pathagon/opening", "plain", Config{}, 7},
	{"pathagon/opening", "lmr+asp", lmrAsp, 9},
}

var lmrAsp = Config{Reductions: true, Aspiration: EvalScale / 40}

// BenchmarkTimeToDepth searches each of depthCases to its depth with a
// fresh searcher (8 MiB table) on one thread and on two (Lazy SMP): ns/op
// is the wall time to the depth, cpu-ns/op the CPU time the process spent
// on it (all threads, from getrusage), so that on a shared machine, where
// two threads may get less than two cores, the work two threads need is
// still seen: with two free cores the 2-thread wall time would be about
// cpu-ns/op / 2. nodes/op counts every thread's nodes, thread-nodes/op
// the nodes of the thread that searched most: as the threads search at
// about the same speed, it measures the time to depth in nodes, whatever
// share of the machine the threads got (compare it with the 1-thread
// nodes/op).
//
//	go test -run XXX -bench BenchmarkTimeToDepth -benchtime 3x ./ai/alphabeta
func BenchmarkTimeToDepth(b *testing.B) {
	for _, tc := range depthCases {
		s := depthState(b, tc.pos)
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/%s/depth=%d/threads=%d", tc.pos, tc.name, tc.depth, threads), func(b *testing.B) {
				cfg := tc.cfg
				cfg.Threads = threads
				timeToDepth(b, cfg, s, tc.depth)
			})
		}
	}
}

// depthState is the position depthPositions names: its game's start in
// its variant, then its line.
func depthState(b *testing.B, name string) game.State {
	b.Helper()
	pos := depthPositions[name]
	s, err := pos.game.New(game.Options{Variant: pos.variant})
	if err != nil {
		b.Fatal(err)
	}
	if s, err = game.PlayAll(s, strings.Fields(pos.line)); err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkTimeToDepthLockstep is BenchmarkTimeToDepth's two-thread
// searches with the threads kept in step: at each clock check a thread
// that is more than lockstepSlack checks ahead of the other waits for it,
// as on two free cores of the same speed, whatever share of the shared
// machine each thread gets. thread-nodes/op, the nodes of the thread that
// searched most, is then the time to depth in nodes that two free cores
// would take: compare it with BenchmarkTimeToDepth's 1-thread nodes/op.
// (ns/op and cpu-ns/op include the waiting and mean nothing here.)
func BenchmarkTimeToDepthLockstep(b *testing.B) {
	for _, tc := range depthCases {
		s := depthState(b, tc.pos)
		b.Run(fmt.Sprintf("%s/%s/depth=%d/threads=2", tc.pos, tc.name, tc.depth), func(b *testing.B) {
			var busiest int64
			for b.Loop() {
				cfg := tc.cfg
				cfg.Threads = 2
				srch := New(cfg)
				step := &lockstep{depth: tc.depth}
				srch.cfg.Yield, srch.cfg.Info = step.yield(0), step.info(0)
				h := srch.helperSearchers()[0]
				h.cfg.Yield, h.cfg.Info = step.yield(1), step.info(1)
				res, err := srch.Search(context.Background(), s, Limits{Depth: tc.depth})
				if err != nil {
					b.Fatal(err)
				}
				if res.Depth != tc.depth {
					b.Fatalf("reached depth %d, want %d", res.Depth, tc.depth)
				}
				busiest += max(srch.nodes, h.nodes)
			}
			b.ReportMetric(float64(busiest)/float64(b.N), "thread-nodes/op")
		})
	}
}

// lockstepSlack is how many clock checks (of checkEvery nodes) one thread
// may run ahead of the other in BenchmarkTimeToDepthLockstep: one, so the
// threads are as close as on two cores running at once, where a thread
// finds in the table only what the other finished before it got there.
// (With 16 checks the earlier Lazy SMP, which on an idle machine reached
// depth 7 no sooner on two threads than on one, seemed to gain 40 %: the
// threads took turns on the same subtrees instead of racing through them.)
const lockstepSlack = 1

// lockstep keeps two threads of a search within lockstepSlack clock
// checks of each other until one has completed the search's depth.
type lockstep struct {
	depth int
	ticks [2]atomic.Int64
	done  [2]atomic.Bool
}

func (l *lockstep) yield(i int) func() time.Duration {
	return func() time.Duration {
		n := l.ticks[i].Add(1)
		for !l.done[1-i].Load() && !l.done[i].Load() && l.ticks[1-i].Load() < n-lockstepSlack {
			time.Sleep(20 * time.Microsecond)
		}
		return 0
	}
}

// info marks thread i done when it completed (or adopted) the last depth.
func (l *lockstep) info(i int) func(Result) {
	return func(r Result) {
		if r.Depth >= l.depth {
			l.done[i].Store(true)
		}
	}
}

func timeToDepth(b *testing.B, cfg Config, s game.State, depth int) {
	var nodes, busiest int64
	cpu := cpuTime(b)
	for b.Loop() {
		srch := New(cfg)
		res, err := srch.Search(context.Background(), s, Limits{Depth: depth})
		if err != nil {
			b.Fatal(err)
		}
		if res.Depth != depth {
			b.Fatalf("reached depth %d, want %d", res.Depth, depth)
		}
		nodes += res.Nodes
		most := srch.nodes
		for _, h := range srch.helpers {
			most = max(most, h.nodes)
		}
		busiest += most
	}
	cpu = cpuTime(b) - cpu
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(busiest)/float64(b.N), "thread-nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// cpuTime is the user and system time the process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
