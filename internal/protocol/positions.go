package protocol

// Positions is the body of GET /api/matches/{id}/positions: the match's
// summary and its position after every ply, computed on the server by
// replaying the stored moves through the rules, so a client can step
// through a game without running rules itself.
type Positions struct {
	Summary
	// Options are the match's game options with every default filled in,
	// for clients that explain a position by a rule its text does not
	// name (Palagonia's rotation scoring).
	Options   map[string]string `json:"options,omitempty"`
	Positions []PlyPosition     `json:"positions"`
}

// PlyPosition is the position after one ply of a match; ply 0 is the
// starting position (no move).
type PlyPosition struct {
	Ply      int    `json:"ply"`            // 0 = the start
	Move     string `json:"move,omitempty"` // the move that led here, canonical notation
	Seat     int    `json:"seat"`           // the seat that played Move (-2 chance); -1 at ply 0
	At       int64  `json:"at,omitempty"`   // Unix milliseconds of Move
	Position string `json:"position"`       // canonical position text after Move
	ToMove   int    `json:"toMove"`         // the seat to act in Position; -1 over, -2 chance

	// Board is the board form of Position and Move, without legal moves (web, issue 24).
	Board *Board `json:"board,omitempty"`
}
