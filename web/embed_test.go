package web

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestAssetsHasIndex(t *testing.T) {
	b, err := fs.ReadFile(Assets(), "index.html")
	if err != nil {
		t.Fatalf("Assets: %v", err)
	}
	if !strings.Contains(string(b), "<html") {
		t.Errorf("index.html is not an HTML page: %.80q", b)
	}
	if !Built() && !strings.Contains(string(b), "npm run build") {
		t.Errorf("placeholder does not say how to build the client: %.200q", b)
	}
}

func TestHandler(t *testing.T) {
	files := fstest.MapFS{
		"index.html":         {Data: []byte("<html>app</html>")},
		"assets/index-a1.js": {Data: []byte("console.log(1)")},
		"favicon.svg":        {Data: []byte("<svg/>")},
	}
	h := handler(files)
	tests := []struct {
		name, path string
		code       int
		body       string
		cache      string
	}{
		{"root", "/", 200, "<html>app</html>", "no-cache"},
		{"index", "/index.html", 200, "<html>app</html>", "no-cache"},
		{"client route", "/game/abc", 200, "<html>app</html>", "no-cache"},
		{"hashed bundle", "/assets/index-a1.js", 200, "console.log(1)", immutableMaxAge},
		{"plain file", "/favicon.svg", 200, "<svg/>", ""},
		{"missing file", "/assets/gone.js", 404, "", ""},
		{"dot-dot", "/../index.html", 200, "<html>app</html>", "no-cache"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			res := rec.Result()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.code {
				t.Fatalf("GET %s: status %d, want %d", tt.path, res.StatusCode, tt.code)
			}
			if tt.body != "" && string(body) != tt.body {
				t.Errorf("GET %s: body %q, want %q", tt.path, body, tt.body)
			}
			if got := res.Header.Get("Cache-Control"); got != tt.cache {
				t.Errorf("GET %s: Cache-Control %q, want %q", tt.path, got, tt.cache)
			}
		})
	}
}
