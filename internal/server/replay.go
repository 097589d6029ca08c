package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// maxReplayPlies bounds the moves of an imported record: the longest games
// played here stay far below it (a 96-tile Palagonia has a few hundred
// plies), and each ply costs a Play and its board form.
const maxReplayPlies = 5000

// handleReplay answers POST /api/replay: it replays an imported record
// (docs/protocol.md, "Replaying a record") and answers its positions as GET
// /api/matches/{id}/positions does, for the web client's import. Nothing
// is stored.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	var req protocol.ReplayRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	out, err := s.replay(req)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, out)
}

// importedRecord is what a record says about its game.
type importedRecord struct {
	game, variant string
	players       int
	options       map[string]string
	seed          uint64
	moves         []string
}

// recordSeed is the seed an export carries: the match's, once it has ended
// (while it is live the seed would tell the rest of its random draws, such
// as Villa Paletti's wobble), else "".
func recordSeed(m store.Match) string {
	if !matchOver(m) {
		return ""
	}
	return strconv.FormatUint(m.Seed, 10)
}

func (s *Server) replay(req protocol.ReplayRequest) (*protocol.Positions, error) {
	rec, err := readRecord(req.Record)
	if err != nil {
		return nil, err
	}
	if rec.game == "" {
		rec.game = req.Game
	}
	info, ok := s.games[rec.game]
	if !ok {
		return nil, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", rec.game)
	}
	if len(rec.moves) > maxReplayPlies {
		return nil, protocol.Errorf(protocol.CodeTooLarge, "%d moves: at most %d", len(rec.moves), maxReplayPlies)
	}
	opts, err := info.Check(game.Options{Variant: rec.variant, Players: rec.players, Seed: rec.seed, Values: rec.options})
	if err != nil {
		return nil, err
	}
	st, err := info.New(opts)
	if err != nil {
		return nil, err
	}
	out := &protocol.Positions{Options: opts.Values, Positions: make([]protocol.PlyPosition, 0, len(rec.moves)+1)}
	out.Game, out.Variant, out.Players, out.Status = info.ID, opts.Variant, st.NumPlayers(), protocol.StatusLive
	out.Positions = append(out.Positions, protocol.PlyPosition{Seat: -1, Position: st.String(), ToMove: int(st.ToMove()), Board: plyBoard(st, nil, 0)})
	for i, text := range rec.moves {
		before, seat := st, int(st.ToMove())
		m, err := st.ParseMove(text)
		if err == nil {
			st, err = st.Play(m)
		}
		if err != nil {
			return nil, &game.MoveError{Ply: i + 1, Move: text, Err: err}
		}
		out.Positions = append(out.Positions, protocol.PlyPosition{
			Ply: i + 1, Move: st.MoveString(m), Seat: seat,
			Position: st.String(), ToMove: int(st.ToMove()), Board: plyBoard(st, before, m),
		})
	}
	if _, over := st.Outcome(); over {
		out.Status = protocol.StatusFinished
	}
	return out, nil
}

// readRecord reads a record in either export format.
func readRecord(text string) (importedRecord, error) {
	var rec importedRecord
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "{") {
		var js protocol.Record
		if err := json.Unmarshal([]byte(t), &js); err != nil {
			return rec, protocol.Errorf(protocol.CodeBadJSON, "record: %v", err)
		}
		rec = importedRecord{game: js.Game, variant: js.Variant, players: js.Players, options: js.Options}
		if js.Seed != "" {
			n, err := strconv.ParseUint(js.Seed, 10, 64)
			if err != nil {
				return rec, protocol.Errorf(protocol.CodeBadRequest, "record: seed %q", js.Seed)
			}
			rec.seed = n
		}
		for _, mv := range js.Moves {
			rec.moves = append(rec.moves, mv.Text)
		}
		return rec, nil
	}
	for line := range strings.SplitSeq(text, "\n") {
		key, value, ok := strings.Cut(strings.TrimPrefix(strings.TrimSpace(line), "#"), ":")
		if !ok || !strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "game":
			rec.game = value
		case "variant":
			rec.variant = value
		case "players":
			n, err := strconv.Atoi(value)
			if err != nil {
				return rec, protocol.Errorf(protocol.CodeBadRequest, "record: players %q", value)
			}
			rec.players = n
		case "seed":
			n, err := strconv.ParseUint(value, 10, 64)
			if err != nil {
				return rec, protocol.Errorf(protocol.CodeBadRequest, "record: seed %q", value)
			}
			rec.seed = n
		case "option":
			k, v, ok := strings.Cut(value, "=")
			if !ok {
				return rec, protocol.Errorf(protocol.CodeBadRequest, "record: option %q is not NAME=VALUE", value)
			}
			if rec.options == nil {
				rec.options = map[string]string{}
			}
			rec.options[k] = v
		}
	}
	rec.moves = game.SplitRecord(text)
	if len(rec.moves) == 0 && strings.TrimSpace(text) == "" {
		return rec, protocol.Errorf(protocol.CodeBadRequest, "the record is empty")
	}
	return rec, nil
}
