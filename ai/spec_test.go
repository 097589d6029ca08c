package ai_test

import (
	"testing"

	"github.com/tabula-games/tabula/ai"
)

// A bot spec may carry the engine options Hash, Threads and Contempt;
// a bad name or value is an error, and specs other than bots keep "?".
func TestFromSpecOptions(t *testing.T) {
	def := ai.DefaultBotOptions()
	for _, tc := range []struct {
		spec  string
		level string
		want  ai.BotOptions
	}{
		{"bot:max?Threads=2", "bot:max", ai.BotOptions{Threads: 2, Contempt: def.Contempt}},
		{"bot:hard?hash=64&contempt=-300", "bot:hard", ai.BotOptions{HashMiB: 64, Contempt: -300}},
		{"bot?THREADS=3&Hash=1", "bot:medium", ai.BotOptions{Threads: 3, HashMiB: 1, Contempt: def.Contempt}},
	} {
		a, err := ai.FromSpec(tc.spec, 1)
		if err != nil {
			t.Errorf("FromSpec(%q): %v", tc.spec, err)
			continue
		}
		b, ok := a.(*ai.Bot)
		if !ok {
			t.Errorf("FromSpec(%q) = %T, want a bot", tc.spec, a)
			continue
		}
		if b.Name() != tc.level || b.Options() != tc.want {
			t.Errorf("FromSpec(%q) = %s with %+v, want %s with %+v", tc.spec, b.Name(), b.Options(), tc.level, tc.want)
		}
	}
	for _, bad := range []string{
		"bot:max?", "bot:max?Threads", "bot:max?Threads=two", "bot:max?Threads=0",
		"bot:max?Threads=65", "bot:max?Hash=0", "bot:max?Contempt=10001", "bot:max?Ponder=1",
		"bot:godlike?Threads=2", "random?Threads=2",
	} {
		if a, err := ai.FromSpec(bad, 1); err == nil {
			t.Errorf("FromSpec(%q) = %s with no error", bad, a.Name())
		}
	}
}
