package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
)

// BackupInfo describes a copy Backup wrote.
type BackupInfo struct {
	Matches int   // matches in the copy
	Bytes   int64 // the copy's size
}

// Backup writes a consistent copy of the database at path into out, a
// new file (an existing one is refused, so a backup never overwrites
// anything). It runs beside a server writing to the database: the copy is
// SQLite's VACUUM INTO, which reads in one transaction, so it holds
// exactly the changes committed before it began, whatever commits while
// it runs (copying the file itself does not: pages a checkpoint is
// writing and the WAL's committed tail are missed). It takes no writer's
// lock, and the server waits for it at most at a checkpoint. The copy is
// synced to disk and checked (PRAGMA integrity_check) before Backup
// returns; on any failure out is removed.
func Backup(ctx context.Context, path, out string) (info BackupInfo, err error) {
	if _, err := os.Stat(path); err != nil {
		return info, fmt.Errorf("sqlite: backup: %w", err) // a typo must not create an empty database
	}
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return info, fmt.Errorf("sqlite: backup: %w", err)
	}
	f.Close() // VACUUM INTO writes into an empty file
	defer func() {
		if err != nil {
			os.Remove(out)
		}
	}()
	src, err := sql.Open("sqlite", "file:"+path+"?"+url.Values{"mode": {"rw"}, "_pragma": {fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds())}}.Encode())
	if err != nil {
		return info, fmt.Errorf("sqlite: backup %s: %w", path, err)
	}
	_, err = src.ExecContext(ctx, `VACUUM INTO ?`, out)
	if cerr := src.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return info, fmt.Errorf("sqlite: backup %s: %w", path, err)
	}
	if err := syncFile(out); err != nil {
		return info, fmt.Errorf("sqlite: backup: %w", err)
	}
	if err := syncFile(filepath.Dir(out)); err != nil {
		return info, fmt.Errorf("sqlite: backup: %w", err)
	}
	return checkCopy(ctx, out)
}

// checkCopy checks the copy at path (integrity, and that it is a
// Tabula database) without writing to it.
func checkCopy(ctx context.Context, path string) (BackupInfo, error) {
	var info BackupInfo
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return info, fmt.Errorf("sqlite: check %s: %w", path, err)
	}
	defer db.Close()
	var ok string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check(1)`).Scan(&ok); err != nil {
		return info, fmt.Errorf("sqlite: check %s: %w", path, err)
	}
	if ok != "ok" {
		return info, fmt.Errorf("sqlite: check %s: %s", path, ok)
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM matches`).Scan(&info.Matches); err != nil {
		return info, fmt.Errorf("sqlite: check %s (not a Tabula database?): %w", path, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return info, fmt.Errorf("sqlite: check %s: %w", path, err)
	}
	info.Bytes = fi.Size()
	return info, nil
}

// syncFile flushes the file (or directory) at path to disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	return errors.Join(f.Sync(), f.Close())
}
