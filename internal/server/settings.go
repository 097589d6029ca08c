package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// SettingsStore is what account settings need from the store: all of
// store.Settings, whose contract the storetest suite checks. A store
// without it keeps no settings: the routes answer not-found, and the web
// client keeps its settings in the browser alone.
type SettingsStore interface {
	store.Settings
}

const (
	// maxSettings bounds an account's settings document in bytes: the web
	// client's board settings are under 200, and every account may store
	// one.
	maxSettings = 4 << 10
)

// settingKey is the form of a settings key: a short identifier, as the web
// client's are (coords, theme, volume, ...).
var settingKey = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]{0,31}$`)

// settingsStore returns the store's settings, nil when it keeps none.
func (s *Server) settingsStore() SettingsStore {
	ss, _ := s.cfg.Store.(SettingsStore)
	return ss
}

// needSettings returns the session and the store's settings, or answers
// (not-found for a store without settings, not-logged-in for a guest) and
// returns nil.
func (s *Server) needSettings(w http.ResponseWriter, r *http.Request) (*session, SettingsStore) {
	se := s.needSession(w, r)
	if se == nil {
		return nil, nil
	}
	ss := s.settingsStore()
	if ss == nil {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "this server keeps no account settings"))
		return nil, nil
	}
	return se, ss
}

// GET /api/account/settings: the account's settings document, {} when it
// has stored none.
func (s *Server) handleSettings(w http.ResponseWriter, r *http.Request) {
	se, ss := s.needSettings(w, r)
	if se == nil {
		return
	}
	doc, err := ss.AccountSettings(r.Context(), se.a.ID)
	if errors.Is(err, store.ErrNotFound) {
		doc, err = []byte("{}"), nil
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, json.RawMessage(doc))
}

// PUT /api/account/settings: replaces the account's settings document
// with the body, a JSON object of at most maxSettings bytes whose keys are
// short identifiers and whose values are strings, numbers, booleans or
// null (the server stores what the client keeps without knowing every
// key). It answers the document as stored. A refused body changes
// nothing. The guard checked the request's origin, content type and CSRF
// token, as for every state change; each store counts against the
// client's rate of clicks (limitJoin), as claims and puzzle attempts do,
// so a signed-in client cannot keep the database writing.
func (s *Server) handleSetSettings(w http.ResponseWriter, r *http.Request) {
	se, ss := s.needSettings(w, r)
	if se == nil || !s.limitHTTP(w, r, limitJoin) {
		return
	}
	var body json.RawMessage
	if err := s.readJSONMax(w, r, &body, maxSettings); err != nil {
		s.httpError(w, err)
		return
	}
	doc, err := checkSettings(body)
	if err != nil {
		s.httpError(w, err)
		return
	}
	if err := ss.SetAccountSettings(r.Context(), se.a.ID, doc, s.clock.Now()); err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, json.RawMessage(doc))
}

// checkSettings checks a settings document and returns it compacted (keys
// sorted), or the wire error that refuses it.
func checkSettings(body []byte) ([]byte, error) {
	if !bytes.HasPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("{")) {
		return nil, protocol.Errorf(protocol.CodeBadRequest, "settings must be a JSON object")
	}
	// body is one JSON value (readJSONMax); numbers are kept as written.
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, protocol.Errorf(protocol.CodeBadJSON, "%v", err)
	}
	for k, v := range doc {
		if !settingKey.MatchString(k) {
			return nil, protocol.Errorf(protocol.CodeBadRequest, "setting %q: a key is a letter and up to 31 letters, digits, '_', '.' or '-'", k)
		}
		switch v.(type) {
		case string, json.Number, bool, nil:
		default:
			return nil, protocol.Errorf(protocol.CodeBadRequest, "setting %q: a value is a string, number, boolean or null", k)
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return nil, protocol.Errorf(protocol.CodeBadRequest, "settings: %v", err)
	}
	return out, nil
}
