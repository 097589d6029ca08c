// Package protocol defines Tabula's wire format: the JSON messages exchanged
// over the lobby API and the match WebSocket, and the stable error codes the
// server answers with. docs/protocol.md describes the same vocabulary for the
// web client; the error codes come from one table, errors.json, which both
// sides read (Go through go generate, the web client by importing the JSON).
package protocol

//go:generate go run ./gen
//go:generate go run ./tsgen ../../web/src/wire.gen.ts ../../game/ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// MaxMessageBytes is the largest client message the server reads: the
// biggest legitimate command (a move with a long capture list, a token) is
// well under 1 KiB, so 4 KiB leaves room without letting a client make the
// server buffer megabytes.
const MaxMessageBytes = 4096

// Client message types, the "type" field of a ClientMessage.
const (
	TypeHello           = "hello"            // first message: token (optional) and since (optional)
	TypeMove            = "move"             // play Move, based on Version
	TypeResign          = "resign"           // the seat resigns
	TypeOfferDraw       = "offer-draw"       // offer (or accept, if the others offered) a draw
	TypeAcceptDraw      = "accept-draw"      // accept the pending draw offer
	TypeDeclineDraw     = "decline-draw"     // decline the pending draw offer
	TypeOfferTakeback   = "offer-takeback"   // ask to take back the last move
	TypeAcceptTakeback  = "accept-takeback"  // accept the pending takeback request
	TypeDeclineTakeback = "decline-takeback" // decline the pending takeback request
	TypeAbort           = "abort"            // end the match without result before the asking seat's first move
	TypeRematch         = "rematch"          // offer (or accept) a rematch after the end
	TypePing            = "ping"             // keep-alive; the server answers pong
)

// Server message types, the "type" field of a ServerMessage.
const (
	TypeWelcome = "welcome" // answer to hello: the seat, and a State unless updates follow
	TypeUpdate  = "update"  // an Event and the State after it
	TypeAck     = "ack"     // the command ID was applied (durably) at Version
	TypeError   = "error"   // the command ID failed with Error
	TypePong    = "pong"    // answer to ping
)

// commandTypes are the client types that change the match and so must carry
// a Version and an ID.
var commandTypes = map[string]bool{
	TypeMove: true, TypeResign: true, TypeOfferDraw: true, TypeAcceptDraw: true,
	TypeDeclineDraw: true, TypeOfferTakeback: true, TypeAcceptTakeback: true,
	TypeDeclineTakeback: true, TypeAbort: true, TypeRematch: true,
}

// IsCommand reports whether t is a client message type that acts on the
// match (everything but hello and ping).
func IsCommand(t string) bool { return commandTypes[t] }

// ClientMessage is any message from a client on the match WebSocket.
type ClientMessage struct {
	Type string `json:"type"`
	// ID is chosen by the client, unique per seat (a UUID or a counter
	// with a random prefix); a command resent with the same ID is applied
	// once and answered with the same ack.
	ID string `json:"id,omitempty"`
	// Version is the match version the command was based on.
	Version int64 `json:"version"`
	// Token is the seat secret (hello only); empty to watch.
	Token string `json:"token,omitempty"`
	// Since is the last version the client has seen (hello only); nil asks
	// for a full State.
	Since *int64 `json:"since,omitempty"`
	// Move is the move in the game's notation (move only).
	Move string `json:"move,omitempty"`
	// Tokens are more seat tokens (hello only): the connection holds every
	// seat named by Token and Tokens, so one client (an engine playing
	// both sides, a load generator) needs one socket per match.
	Tokens []string `json:"tokens,omitempty"`
	// Delta asks for compact move updates (hello only): the update for a
	// move carries a Delta instead of the State. For clients that keep
	// the position themselves with the rules.
	Delta bool `json:"delta,omitempty"`
	// Seat is the seat a command acts for, needed only on a connection
	// holding several seats; without it such a command acts for the seat
	// to move if the connection holds it, else for its lowest seat.
	Seat *int `json:"seat,omitempty"`
	// Channel and Text are a chat line (chat only; see chat.go).
	Channel string `json:"channel,omitempty"`
	Text    string `json:"text,omitempty"`
	// Target is the seat a chat-mute or chat-unmute is about; absent:
	// every other player.
	Target *int `json:"target,omitempty"`
}

// maxTokens bounds the seat tokens of one hello: no game has more than
// five seats, and each token costs a hash to check.
const maxTokens = 8

// maxIDBytes bounds command IDs: the server keeps recent IDs per seat, and a
// UUID is 36 bytes.
const maxIDBytes = 64

// Decode parses one client message. Errors are *Error values with code
// bad-json, unknown-type, too-large or bad-request.
func Decode(data []byte) (ClientMessage, error) {
	var m ClientMessage
	if len(data) > MaxMessageBytes {
		return m, Errorf(CodeTooLarge, "message of %d bytes, limit %d", len(data), MaxMessageBytes)
	}
	if !decodeFast(data, &m) {
		// encoding/json's message is on the heap (it escapes through
		// reflection); m stays on the caller's stack for the fast path.
		p := new(ClientMessage)
		if err := decodeJSON(data, p); err != nil {
			return ClientMessage{}, err
		}
		m = *p
	}
	switch {
	case m.Type == TypeHello:
		if m.Since != nil && *m.Since < 0 {
			return m, Errorf(CodeBadRequest, "since %d is negative", *m.Since)
		}
		if len(m.Tokens) > maxTokens {
			return m, Errorf(CodeBadRequest, "%d tokens, limit %d", len(m.Tokens), maxTokens)
		}
		for _, t := range m.Tokens {
			if t == "" {
				return m, Errorf(CodeBadRequest, "empty token in tokens")
			}
		}
	case m.Type == TypePing:
	case IsCommand(m.Type):
		if m.ID == "" {
			return m, Errorf(CodeBadRequest, "%s needs an id", m.Type)
		}
		if m.Version < 0 {
			return m, Errorf(CodeBadRequest, "version %d is negative", m.Version)
		}
		if m.Type == TypeMove && m.Move == "" {
			return m, Errorf(CodeBadRequest, "move needs a move")
		}
		if m.Seat != nil && *m.Seat < 0 {
			return m, Errorf(CodeBadRequest, "seat %d is negative", *m.Seat)
		}
	case IsChat(m.Type): // chat (chat.go), after the commands: moves come first
		if err := CheckChat(&m); err != nil {
			return m, err
		}
	case m.Type == "":
		return m, Errorf(CodeBadJSON, "message has no type")
	default:
		return m, Errorf(CodeUnknownType, "unknown message type %q", m.Type)
	}
	if len(m.ID) > maxIDBytes {
		return m, Errorf(CodeBadRequest, "id longer than %d bytes", maxIDBytes)
	}
	return m, nil
}

// decodeJSON decodes a client message with encoding/json: one object with
// known fields only, nothing after it.
func decodeJSON(data []byte, m *ClientMessage) error {
	*m = ClientMessage{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(m); err != nil {
		return Errorf(CodeBadJSON, "%v", err)
	}
	if dec.More() {
		return Errorf(CodeBadJSON, "trailing data after the message")
	}
	return nil
}

// ServerMessage is any message from the server on the match WebSocket.
type ServerMessage struct {
	Type string `json:"type"`
	// ID echoes the command an ack or error answers.
	ID string `json:"id,omitempty"`
	// Version is the match version after the update, at the ack, or the
	// current version for welcome and error.
	Version int64 `json:"version"`
	// Seat is the connection's seat in a welcome; -1 for a spectator; the
	// lowest of its seats when it holds several.
	Seat *int `json:"seat,omitempty"`
	// Seats lists every seat the connection holds, in a welcome to a
	// connection holding more than one.
	Seats []int `json:"seats,omitempty"`
	// Event says what changed (update only).
	Event *Event `json:"event,omitempty"`
	// State is the full match state (update; welcome unless missed updates
	// follow it).
	State *State `json:"state,omitempty"`
	// Delta replaces State in the update for a move sent to a connection
	// that asked for deltas (ClientMessage.Delta).
	Delta *Delta `json:"delta,omitempty"`
	// Error is set for type error.
	Error *Error `json:"error,omitempty"`
}

// Event kinds, the Kind of an Event.
const (
	EventCreated         = "created"
	EventJoined          = "joined"
	EventMove            = "move"
	EventResign          = "resign"
	EventDrawOffered     = "draw-offered"
	EventDrawDeclined    = "draw-declined"
	EventDraw            = "draw" // agreed
	EventTakebackOffered = "takeback-offered"
	EventTakebackDecline = "takeback-declined"
	EventTakeback        = "takeback"
	EventAbort           = "abort"
	EventTimeout         = "timeout"
	EventAbandoned       = "abandoned" // the server ended a match its humans left (seat -1)
	EventRematchOffered  = "rematch-offered"
	EventRematch         = "rematch" // a new match was created: State.Rematch
)

// Event is one change to a match. Every event increments the version by one.
type Event struct {
	Kind string `json:"kind"`
	Seat int    `json:"seat"`           // the seat that acted, -1 for the server (timeout)
	Move string `json:"move,omitempty"` // the move played or taken back
}

// Delta is what a move changed besides the move itself (the update's
// Event has its text and seat): a client that keeps the position with the
// rules applies the move and reads the rest from here. A move also
// withdraws every draw offer and takeback request.
type Delta struct {
	// Ply is the number of moves played after this one.
	Ply int `json:"ply"`
	// ToMove is the seat to act, as in State.
	ToMove int `json:"toMove"`
	// Status is set when the move changed the match's status (it ended).
	Status string `json:"status,omitempty"`
	// Clocks is the clock reading after the move (absent without a clock).
	Clocks *Clocks `json:"clocks,omitempty"`
	// Result is set when the move ended the match.
	Result *Result `json:"result,omitempty"`
}

// Match statuses, the Status of a State or Summary.
const (
	StatusWaiting  = "waiting"  // some human seat is still open
	StatusLive     = "live"     // every seat is taken, the game is on
	StatusFinished = "finished" // the game has a result
	StatusAborted  = "aborted"  // ended with no winner: by a player before their own first move, or by the server (expired, abandoned)
)

// State is everything a client needs to draw a match and offer its moves:
// it never needs the rules.
type State struct {
	Match   string `json:"match"`
	Game    string `json:"game"`
	Variant string `json:"variant"`
	Players int    `json:"players"`
	// Rated marks a rated match (see "Ratings and profiles").
	Rated    bool   `json:"rated,omitempty"`
	Version  int64  `json:"version"`
	Status   string `json:"status"`
	Position string `json:"position"`
	// ToMove is the seat to act, -1 when the game is over, -2 for a chance
	// event (the server plays those itself).
	ToMove int `json:"toMove"`
	// Legal lists the legal moves of ToMove, in the game's order.
	Legal    []Move   `json:"legal"`
	LastMove string   `json:"lastMove,omitempty"`
	Moves    []string `json:"moves"`
	// Shake is the shake band of a game whose structure can wobble, 0
	// (calm, omitted) to 3 (Villa Paletti, docs/rules/villapaletti.md: the board animates
	// it and never shows the margin behind it).
	Shake  int     `json:"shake,omitempty"`
	Clocks *Clocks `json:"clocks,omitempty"`
	Result *Result `json:"result,omitempty"`
	Seats  []Seat  `json:"seats"`
	Offers Offers  `json:"offers"`
	// Rematch is the ID of the rematch once both sides agreed.
	Rematch string `json:"rematch,omitempty"`
	// Board is the board form of the position and moves (board.go); web, issue 24.
	Board *Board `json:"board,omitempty"`
}

// Move is a legal move in the forms a board can use. Text is always set;
// From, To and Captures are set when the notation names cells (Pathagon's
// "d4", "a7-g1", "c4xb4"): a click board matches From and To without rules.
type Move struct {
	Text     string   `json:"text"`
	From     string   `json:"from,omitempty"`
	To       string   `json:"to,omitempty"`
	Captures []string `json:"captures,omitempty"`
}

// Clock kinds, the Kind of a TimeControl and of Clocks.
const (
	ClockNone           = "none"
	ClockFischer        = "fischer"
	ClockCorrespondence = "correspondence"
)

// Clocks is the server's clock reading when the message was built.
type Clocks struct {
	Kind string `json:"kind"`
	// Remaining is each seat's time left in milliseconds (Fischer), or the
	// time left for the current move (correspondence, running seat only).
	Remaining []int64 `json:"remaining"`
	// Running is the seat whose clock runs, -1 when none.
	Running int `json:"running"`
	// At is the server time of the reading, Unix milliseconds: a client
	// shows Remaining[Running] - (now - At).
	At int64 `json:"at"`
}

// Result is the outcome of a finished match.
type Result struct {
	Winners []int  `json:"winners"` // empty: a draw, unless AllLose
	Scores  []int  `json:"scores,omitempty"`
	Reason  string `json:"reason"`
	Text    string `json:"text"` // "light wins by connection"
	// AllLose: no winner and no draw, everyone lost (Villa Paletti's
	// collapse before anyone holds the seal).
	AllLose bool `json:"allLose,omitempty"`
}

// Seat describes one seat of a match.
type Seat struct {
	Seat int    `json:"seat"`
	Name string `json:"name"` // the game's seat name: "light"
	Kind string `json:"kind"` // SeatHuman or SeatBot
	Bot  string `json:"bot,omitempty"`
	// Username is the account holding the seat, "" for a guest, a bot or
	// an open seat.
	Username  string `json:"username,omitempty"`
	Taken     bool   `json:"taken"`
	Connected bool   `json:"connected"`
}

// Seat kinds.
const (
	SeatHuman = "human"
	SeatBot   = "bot"
)

// Offers lists the pending offers by seat.
type Offers struct {
	Draw     []int `json:"draw"`     // seats offering a draw
	Takeback int   `json:"takeback"` // seat asking to take back, -1 none
	Rematch  []int `json:"rematch"`  // seats asking for a rematch
}

// Code is a stable wire error code (see errors.json).
type Code string

type codeInfo struct {
	http int
	doc  string
}

// HTTPStatus is the HTTP status the lobby API answers with for c.
func (c Code) HTTPStatus() int {
	if i, ok := codes[c]; ok {
		return i.http
	}
	return 500
}

// Doc is the code's documentation from errors.json.
func (c Code) Doc() string { return codes[c].doc }

// Codes lists every known code.
func Codes() []Code {
	out := make([]Code, 0, len(codes))
	for c := range codes {
		out = append(out, c)
	}
	return out
}

// Error is an error on the wire: a stable code and a human message.
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
}

// Errorf returns an *Error with the code and a formatted message.
func Errorf(c Code, format string, args ...any) *Error {
	return &Error{Code: c, Message: fmt.Sprintf(format, args...)}
}

func (e *Error) Error() string { return fmt.Sprintf("protocol: %s: %s", e.Code, e.Message) }

// CodeOf returns the code of the first *Error in err's chain, or
// CodeInternal.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// ErrorBody is the JSON body of every failed lobby API request.
type ErrorBody struct {
	Error Error `json:"error"`
}
