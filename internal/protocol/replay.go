package protocol

// ReplayRequest is the body of POST /api/replay: a game record to replay
// without a match, as GET /api/matches/{id}/record writes it (text with
// "# game:", "# variant:", "# players:" and "# option:" header lines, then
// the moves) or as .../record.json writes it. Game, when set, names the
// game of a text record without a "# game:" line.
type ReplayRequest struct {
	Record string `json:"record"`
	Game   string `json:"game,omitempty"`
}
