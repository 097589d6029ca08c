package server

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// Storage failures reach clients as unavailable, with a message that
// keeps the storage's detail (file names, driver codes) to the log;
// other store errors keep their codes.
func TestStorageFailureCode(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code protocol.Code
	}{
		{fmt.Errorf("sqlite: save match m_x: %w: %w", store.ErrUnavailable, errors.New("disk I/O error (778) on /srv/tabula.db")), protocol.CodeUnavailable},
		{fmt.Errorf("sqlite: create: %w", store.ErrConflict), protocol.CodeInternal},
		{fmt.Errorf("load: %w", store.ErrNotFound), protocol.CodeNotFound},
		{errors.New("sqlite: something else"), protocol.CodeInternal},
	} {
		e := wireError(tc.err)
		if codeOf(tc.err) != tc.code || e.Code != tc.code {
			t.Errorf("%v: codeOf %q, wire %q; want %q", tc.err, codeOf(tc.err), e.Code, tc.code)
		}
		if strings.Contains(e.Message, "tabula.db") || strings.Contains(e.Message, "sqlite") {
			t.Errorf("%v: the wire message %q shows the storage's detail", tc.err, e.Message)
		}
		if tc.code.HTTPStatus() == 0 || (tc.code == protocol.CodeUnavailable && tc.code.HTTPStatus() != 503) {
			t.Errorf("%q: HTTP status %d", tc.code, tc.code.HTTPStatus())
		}
	}
}
