package web

import (
	"bytes"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// immutableMaxAge is how long browsers may keep a hashed bundle: a year,
// the usual ceiling, since a new build changes the file name anyway.
const immutableMaxAge = "public, max-age=31536000, immutable"

// Handler serves Assets over HTTP. Hashed bundles under assets/ are cached
// for good; index.html is revalidated on every load so a new build is picked
// up at once. A path with no file extension that names no file (a client
// route such as /game/abc) gets index.html, so links into the app work with
// path-style URLs as well as the #/ routes the client uses.
func Handler() http.Handler {
	return handler(Assets())
}

func handler(files fs.FS) http.Handler {
	fileServer := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if _, err := fs.Stat(files, name); err != nil {
			if path.Ext(name) != "" {
				http.NotFound(w, r)
				return
			}
			name = "index.html"
		}
		if name == "index.html" {
			serveIndex(w, r, files)
			return
		}
		if strings.HasPrefix(name, "assets/") {
			w.Header().Set("Cache-Control", immutableMaxAge)
		}
		fileServer.ServeHTTP(w, r)
	})
}

// serveIndex writes index.html itself: http.ServeFileFS would redirect
// /index.html to / and refuse paths with "..".
func serveIndex(w http.ResponseWriter, r *http.Request, files fs.FS) {
	b, err := fs.ReadFile(files, "index.html")
	if err != nil {
		http.Error(w, "web: no index.html", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(b))
}
