// Package web holds the browser client of Tabula, built by Vite from the
// TypeScript sources in this directory and embedded into the binary.
//
// The build (npm run build) writes to dist/app. A fresh clone has no
// dist/app: it carries only the committed placeholder dist/index.html, which
// tells how to build the client, so `go build ./...` works without npm.
// Assets returns the built client when it was present at compile time and
// the placeholder otherwise.
package web

import (
	"embed"
	"io/fs"
)

// dist is the whole dist directory: the placeholder and, once built, app/.
// The all: prefix keeps files whose names start with '.' or '_' (Rollup's
// hashes may produce them).
//
//go:embed all:dist
var dist embed.FS

// Assets returns the client's files, rooted so that "index.html" is the
// entry page and "assets/..." the hashed bundles.
func Assets() fs.FS {
	if app, err := fs.Sub(dist, "dist/app"); err == nil {
		if _, err := fs.Stat(app, "index.html"); err == nil {
			return app
		}
	}
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic("web: embedded dist is missing: " + err.Error()) // impossible: the directive above guarantees it
	}
	return sub
}

// Built reports whether Assets holds the built client rather than the
// placeholder.
func Built() bool {
	_, err := fs.Stat(dist, "dist/app/index.html")
	return err == nil
}
