package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"strings"
)

// The writer goroutine owns the write pool's one connection for its whole
// life (sql.Conn.Raw around its loop) and talks to the driver's connection
// directly: its statements are prepared once as driver statements and run
// with a reused []driver.NamedValue. Through database/sql every Exec
// converts its arguments into a fresh []driver.NamedValue (a multi-row
// INSERT holds hundreds of them) and every transaction binds each
// prepared statement to itself (Tx.StmtContext), the larger part of what
// the store allocated per move (docs/benchmarks/server.md, "Session 7").
// The reads (Load, List, ...) stay on database/sql, on their own pool.

// driverStmt is a prepared statement of the writer's connection.
type driverStmt interface {
	driver.Stmt
	driver.StmtExecContext
	driver.StmtQueryContext
}

// driverConn is what the writer needs of the driver's connection.
type driverConn interface {
	driver.Conn
	driver.ConnPrepareContext
	driver.ConnBeginTx
	driver.ExecerContext
	driver.QueryerContext
}

// wconn is the writer's connection: the driver's, its statements, and the
// arguments of the statement being run (reused).
type wconn struct {
	conn  driverConn
	stmts statements
	args  []driver.NamedValue
	tx    driver.Tx // the current transaction, nil between them
}

// newWconn takes the driver connection dc (from sql.Conn.Raw) and prepares
// the writer's statements on it.
func newWconn(ctx context.Context, dc any) (*wconn, error) {
	c, ok := dc.(driverConn)
	if !ok {
		return nil, fmt.Errorf("sqlite: driver connection %T lacks a method the writer uses", dc)
	}
	w := &wconn{conn: c}
	var err error
	if w.stmts, err = prepare(ctx, w.prepare); err != nil {
		w.close()
		return nil, err
	}
	return w, nil
}

// prepare prepares q on the connection.
func (w *wconn) prepare(ctx context.Context, q string) (driverStmt, error) {
	s, err := w.conn.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	ds, ok := s.(driverStmt)
	if !ok {
		s.Close()
		return nil, fmt.Errorf("sqlite: driver statement %T lacks a method the writer uses", s)
	}
	return ds, nil
}

// journal returns the INSERT of 1<<k log rows (0 <= k <= maxInsertLog),
// preparing it on first use.
func (w *wconn) journal(ctx context.Context, k int) (driverStmt, error) {
	if st := w.stmts.journal[k]; st != nil {
		return st, nil
	}
	n := 1 << k
	var q strings.Builder
	q.WriteString(sqlJournalMove)
	for i := range n {
		if i > 0 {
			q.WriteString(", ")
		}
		fmt.Fprintf(&q, sqlJournalRow, i)
	}
	st, err := w.prepare(ctx, q.String())
	if err != nil {
		return nil, err
	}
	w.stmts.journal[k] = st
	return st, nil
}

// close closes the prepared statements (not the connection: sql.Conn
// owns it).
func (w *wconn) close() error {
	var errs []error
	for _, st := range w.stmts.all() {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	return errors.Join(errs...)
}

// setArgs puts args into w.args, numbered from 1 as the driver expects
// them (it binds argument k to parameter k only when they are so
// numbered, else it searches for each). Each value must be one the driver
// takes: int64, float64, bool, []byte, string, time.Time or nil
// (database/sql would have converted an int or a sql.NullString; nothing
// here does).
func (w *wconn) setArgs(args []any) []driver.NamedValue {
	w.args = w.args[:0]
	for i, a := range args {
		w.args = append(w.args, driver.NamedValue{Ordinal: i + 1, Value: a})
	}
	return w.args
}

// clearArgs drops the references w.args holds.
func (w *wconn) clearArgs() {
	clear(w.args)
	w.args = w.args[:0]
}

// exec runs st with args.
func (w *wconn) exec(ctx context.Context, st driverStmt, args ...any) (driver.Result, error) {
	defer w.clearArgs()
	return st.ExecContext(ctx, w.setArgs(args))
}

// execSQL runs q (not prepared: rare statements) with args.
func (w *wconn) execSQL(ctx context.Context, q string, args ...any) (driver.Result, error) {
	defer w.clearArgs()
	return w.conn.ExecContext(ctx, q, w.setArgs(args))
}

// queryRow runs st with args and stores the first row's columns in dest
// (as the driver gives them: int64, float64, string, []byte or nil);
// sql.ErrNoRows when there is none.
func (w *wconn) queryRow(ctx context.Context, st driverStmt, dest []driver.Value, args ...any) error {
	defer w.clearArgs()
	rows, err := st.QueryContext(ctx, w.setArgs(args))
	if err != nil {
		return err
	}
	return firstRow(rows, dest)
}

// querySQL is queryRow for q, not prepared.
func (w *wconn) querySQL(ctx context.Context, q string, dest []driver.Value, args ...any) error {
	defer w.clearArgs()
	rows, err := w.conn.QueryContext(ctx, q, w.setArgs(args))
	if err != nil {
		return err
	}
	return firstRow(rows, dest)
}

// firstRow reads the first row of rows into dest and closes rows.
func firstRow(rows driver.Rows, dest []driver.Value) error {
	err := rows.Next(dest)
	if errors.Is(err, io.EOF) {
		err = sql.ErrNoRows
	}
	return errors.Join(err, rows.Close())
}

// begin begins a transaction.
func (w *wconn) begin(ctx context.Context) error {
	tx, err := w.conn.BeginTx(ctx, driver.TxOptions{})
	if err != nil {
		return err
	}
	w.tx = tx
	return nil
}

// commit commits the current transaction.
func (w *wconn) commit() error {
	tx := w.tx
	w.tx = nil
	return tx.Commit()
}

// rollback rolls the current transaction back.
func (w *wconn) rollback() error {
	tx := w.tx
	w.tx = nil
	return tx.Rollback()
}

// Column values as the driver returns them, converted with a check.

func asInt64(v driver.Value) (int64, error) {
	if n, ok := v.(int64); ok {
		return n, nil
	}
	return 0, fmt.Errorf("sqlite: column value %T, want an integer", v)
}

func asString(v driver.Value) (string, error) {
	switch s := v.(type) {
	case string:
		return s, nil
	case []byte:
		return string(s), nil
	}
	return "", fmt.Errorf("sqlite: column value %T, want text", v)
}

func asNullString(v driver.Value) (sql.NullString, error) {
	if v == nil {
		return sql.NullString{}, nil
	}
	s, err := asString(v)
	return sql.NullString{String: s, Valid: err == nil}, err
}

// nullString is s as a driver value: its text, or nil for NULL.
func nullString(s sql.NullString) any {
	if !s.Valid {
		return nil
	}
	return s.String
}
