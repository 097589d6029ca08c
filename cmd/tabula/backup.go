package main

import (
	"context"
	"fmt"

	"github.com/tabula-games/tabula/internal/store/sqlite"
)

// runBackup is "tabula backup --db FILE OUT": a consistent copy of the
// database FILE, live or not, into the new file OUT (never overwritten),
// checked before the command reports it. See docs/deploy.md, "Backups
// and restore".
func runBackup(ctx context.Context, e *env) error {
	fs := e.newFlagSet()
	dbPath := fs.String("db", "tabula.db", "SQLite database file to copy (a server may be writing to it)")
	if err := fs.Parse(e.args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("%w: want backup [--db FILE] OUT", errUsage)
	}
	out := fs.Arg(0)
	info, err := sqlite.Backup(ctx, *dbPath, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "backup %s: %d matches, %d bytes, integrity ok\n", out, info.Matches, info.Bytes)
	return nil
}
