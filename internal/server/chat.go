package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// Chat: each match has two channels, the players' and the spectators'
// (docs/protocol.md, "Chat"). Players read and write the players'
// channel, spectators the spectators'; players read the spectators' once
// the match has ended (during it, spectators' remarks would be advice).
// A player may mute another player, or all of them: the muted seats'
// lines then no longer reach the connections holding its seats. Lines and
// mutes are stored with the match (store.Chats) before anyone hears of
// them; a room keeps the last
// chatKeep in memory, read from the store the first time someone asks for
// the chat, never on the way of a move.

// ChatStore is what chat needs from the store: all of store.Chats, whose
// contract the storetest suite checks. A store without it has no chat:
// chat messages are answered not-found.
type ChatStore interface {
	store.Chats
}

const (
	// chatKeep is how many lines a room keeps and a history shows: a
	// screenful or two of talk; older lines stay in the store.
	chatKeep = 100
	// chatMaxPerMatch bounds the lines stored for one match, so a
	// match's chat (which a guest may write to) cannot fill the disk:
	// far more than a long correspondence game's talk.
	chatMaxPerMatch = 2000
	// chatEvery and chatBurst are one sender's rate in one match: a line
	// every 2 s on average, 5 quick replies at once.
	chatEvery, chatBurst = 2 * time.Second, 5
	// chatSenders bounds the senders a room keeps a rate for; past it,
	// new spectators share one rate (a crowd of guests floods itself).
	chatSenders = 256
)

// chatRoom is a room's chat, nil until first used (room.chat). Guarded by
// the room's mutex.
type chatRoom struct {
	lines []store.ChatMessage // the last chatKeep, oldest first
	// mutes are the seats each seat muted, by muting seat.
	mutes map[int]seatSet
	// muting orders the mutes of one match (held while one is stored,
	// outside the room's mutex), so memory and store agree.
	muting   *sync.Mutex
	rates    map[string]*rate.Limiter // by sender: a seat, or a spectator's client
	overflow *rate.Limiter
}

// chatStore returns the store's chat, nil when it has none.
func (s *Server) chatStore() ChatStore {
	cs, _ := s.cfg.Store.(ChatStore)
	return cs
}

// wsAccount returns the seats of match the request's account holds and
// the account (nil for a guest), for a WebSocket being opened: one
// session read, as accountSeats alone.
func (s *Server) wsAccount(w http.ResponseWriter, r *http.Request, match string) (seatSet, *holder, error) {
	if sessionToken(r) == "" || s.acct.st == nil {
		return 0, nil, nil
	}
	se, err := s.sessionOf(w, r)
	if err != nil || se == nil {
		return 0, nil, err
	}
	seats, err := s.acct.st.AccountSeats(r.Context(), se.a.ID, match)
	if err != nil {
		return 0, nil, fmt.Errorf("server: account seats: %w", err)
	}
	var held seatSet
	for _, seat := range seats {
		if seat >= 0 && seat < 32 {
			held |= 1 << seat
		}
	}
	return held, &holder{account: se.a.ID, name: se.a.Name}, nil
}

// loadChat reads a room's chat from the store, outside the room's mutex,
// unless it is loaded.
func (s *Server) loadChat(r *room) error {
	cs := s.chatStore()
	if cs == nil {
		return protocol.Errorf(protocol.CodeNotFound, "this server has no chat")
	}
	loaded := false
	if !r.do(func() { loaded = r.chat != nil }) {
		return protocol.Errorf(protocol.CodeUnavailable, "match %s has closed", r.id)
	}
	if loaded {
		return nil
	}
	ctx, cancel := context.WithTimeout(s.ctx, saveTimeout)
	defer cancel()
	lines, err := cs.ChatMessages(ctx, r.id, chatKeep)
	if err != nil {
		return fmt.Errorf("server: chat of %s: %w", r.id, err)
	}
	stored, err := cs.ChatMutes(ctx, r.id)
	if err != nil {
		return fmt.Errorf("server: chat mutes of %s: %w", r.id, err)
	}
	mutes := map[int]seatSet{}
	for seat, m := range stored {
		mutes[seat] = seatSet(m)
	}
	r.do(func() {
		if r.chat == nil { // another connection may have loaded it meanwhile
			r.chat = &chatRoom{lines: lines, mutes: mutes, muting: &sync.Mutex{}, rates: map[string]*rate.Limiter{},
				overflow: rate.NewLimiter(rate.Every(chatEvery), chatBurst)}
		}
	})
	return nil
}

// handleChat handles a chat message of a connection (on its read loop).
func (s *Server) handleChat(c *conn, r *room, msg protocol.ClientMessage, greeted bool) {
	if !greeted {
		c.sendError(msg.ID, r.version.Load(), protocol.Errorf(protocol.CodeNeedHello, "send hello first"))
		return
	}
	if err := s.loadChat(r); err != nil {
		c.sendError(msg.ID, r.version.Load(), wireError(err))
		return
	}
	switch msg.Type {
	case protocol.TypeChatMute, protocol.TypeChatUnmute:
		s.chatMute(c, r, msg)
		return
	case protocol.TypeChatHistory:
		r.do(func() { r.sendChatHistory(c, msg.ID, r.subOf(c).seats) })
		return
	}
	var line store.ChatMessage
	var perr *protocol.Error
	r.do(func() { line, perr = r.checkChatOf(r.subOf(c).seats, c.user, "c "+c.client, msg) })
	if perr != nil {
		c.sendError(msg.ID, r.version.Load(), perr)
		return
	}
	if err := s.addChat(r, &line); err != nil {
		c.sendError(msg.ID, r.version.Load(), wireError(err))
		return
	}
	r.do(func() { r.deliverChat(line, c, msg.ID) })
}

// chatMute mutes or unmutes, for the seats a connection holds, the seat
// msg.Target or every other seat, stores the mutes, and answers with the
// history. The chat is loaded.
func (s *Server) chatMute(c *conn, r *room, msg protocol.ClientMessage) {
	var cr *chatRoom
	var seats seatSet
	var players int
	if !r.do(func() { cr, seats, players = r.chat, r.subOf(c).seats, r.m.Players }) {
		c.sendError(msg.ID, r.version.Load(), protocol.Errorf(protocol.CodeUnavailable, "match %s has closed", r.id))
		return
	}
	var perr *protocol.Error
	switch t := msg.Target; {
	case seats == 0:
		perr = protocol.Errorf(protocol.CodeNotAPlayer, "only players mute the other players")
	case t != nil && (*t < 0 || *t >= players || seats.has(*t)):
		perr = protocol.Errorf(protocol.CodeBadRequest, "no other player in seat %d to mute", *t)
	}
	if perr != nil {
		c.sendError(msg.ID, r.version.Load(), perr)
		return
	}
	cr.muting.Lock()
	defer cr.muting.Unlock()
	change := map[int]seatSet{}
	r.do(func() {
		for seat := range players {
			if !seats.has(seat) {
				continue
			}
			m := cr.mutes[seat]
			switch {
			case msg.Type == protocol.TypeChatUnmute && msg.Target == nil:
				m = 0
			case msg.Type == protocol.TypeChatUnmute:
				m &^= 1 << *msg.Target
			case msg.Target == nil:
				m = (seatSet(1)<<players - 1) &^ seats
			default:
				m |= 1 << *msg.Target
			}
			if m != cr.mutes[seat] {
				change[seat] = m
			}
		}
	})
	ctx, cancel := context.WithTimeout(s.ctx, saveTimeout)
	defer cancel()
	for seat, m := range change {
		if err := s.chatStore().SetChatMutes(ctx, r.id, seat, uint32(m)); err != nil {
			c.sendError(msg.ID, r.version.Load(), wireError(fmt.Errorf("server: chat mutes of %s: %w", r.id, err)))
			return
		}
	}
	r.do(func() {
		for seat, m := range change {
			if m == 0 {
				delete(cr.mutes, seat)
			} else {
				cr.mutes[seat] = m
			}
		}
		r.sendChatHistory(c, msg.ID, seats)
	})
}

// mutedBy returns the seats the holder of seats muted.
func (cr *chatRoom) mutedBy(seats seatSet) seatSet {
	var m seatSet
	for seat, muted := range cr.mutes {
		if seats.has(seat) {
			m |= muted
		}
	}
	return m
}

// addChat stores a line, setting its ID.
func (s *Server) addChat(r *room, line *store.ChatMessage) error {
	ctx, cancel := context.WithTimeout(s.ctx, saveTimeout)
	defer cancel()
	id, err := s.chatStore().AddChat(ctx, *line, chatMaxPerMatch)
	if errors.Is(err, store.ErrConflict) {
		return protocol.Errorf(protocol.CodeNotAllowed, "the chat of match %s is full (%d lines)", r.id, chatMaxPerMatch)
	}
	if err != nil {
		return fmt.Errorf("server: chat of %s: %w", r.id, err)
	}
	line.ID = id
	return nil
}

// checkChatOf checks that a sender holding seats (none: a spectator),
// logged in as user (nil: a guest), may say msg, and takes one from its
// rate (its seat's, or else client's), returning the line to store. mu
// held.
func (r *room) checkChatOf(seats seatSet, user *holder, client string, msg protocol.ClientMessage) (store.ChatMessage, *protocol.Error) {
	if r.chat == nil {
		return store.ChatMessage{}, protocol.Errorf(protocol.CodeUnavailable, "the chat of match %s is not loaded", r.id)
	}
	channel := msg.Channel
	if channel == "" {
		channel = protocol.ChatSpectators
		if seats != 0 {
			channel = protocol.ChatPlayers
		}
	}
	switch {
	case channel == protocol.ChatPlayers && seats == 0:
		return store.ChatMessage{}, protocol.Errorf(protocol.CodeNotAPlayer, "spectators write in the spectators' chat")
	case channel == protocol.ChatSpectators && seats != 0:
		return store.ChatMessage{}, protocol.Errorf(protocol.CodeNotAllowed, "players write in the players' chat")
	case r.m.Rated && r.chatName(user, seats) == "" && !r.s.cfg.ChatGuests:
		return store.ChatMessage{}, protocol.Errorf(protocol.CodeChatNeedsAccount, "match %s is rated: log in to chat", r.id)
	}
	key := client
	if seats != 0 {
		key = fmt.Sprintf("s %d", seats.lowest())
	}
	if !r.chat.limiter(key).AllowN(r.s.clock.Now(), 1) {
		return store.ChatMessage{}, protocol.Errorf(protocol.CodeRateLimited, "too many chat lines; wait a little")
	}
	line := store.ChatMessage{Match: r.id, Channel: channel, Seat: -1, Text: msg.Text, At: r.s.clock.Now()}
	if seats != 0 {
		line.Seat = seats.lowest()
	}
	if user != nil {
		line.Account = user.account
	}
	line.Name = r.chatName(user, seats)
	return line, nil
}

// chatName is the username a connection chats under: its session's, or
// else the account's holding its seat (a player who came with a seat
// token alone); "" for a guest. mu held.
func (r *room) chatName(user *holder, seats seatSet) string {
	if user != nil {
		return user.name
	}
	if seat := seats.lowest(); seat >= 0 && seat < len(r.names) {
		return r.names[seat]
	}
	return ""
}

// limiter returns a sender's rate.
func (cr *chatRoom) limiter(key string) *rate.Limiter {
	if l, ok := cr.rates[key]; ok {
		return l
	}
	if len(cr.rates) >= chatSenders {
		return cr.overflow
	}
	l := rate.NewLimiter(rate.Every(chatEvery), chatBurst)
	cr.rates[key] = l
	return l
}

// deliverChat keeps a stored line and sends it to every connection that
// reads it (the sender's copy echoes its message ID) and to the bot
// streams of the players. mu held.
func (r *room) deliverChat(line store.ChatMessage, from *conn, id string) {
	if r.chat == nil {
		return
	}
	r.chat.lines = append(r.chat.lines, line)
	if n := len(r.chat.lines); n > chatKeep {
		r.chat.lines = append(r.chat.lines[:0:0], r.chat.lines[n-chatKeep:]...)
	}
	wire := chatLine(line)
	for i := len(r.subs) - 1; i >= 0; i-- {
		e := r.subs[i]
		if !r.readsChat(e.seats, line) {
			continue
		}
		m := protocol.ChatMessage{Type: protocol.TypeChat, Chat: &wire}
		if e.c == from {
			m.ID = id
		}
		data, _ := json.Marshal(m)
		if !e.c.send(data) {
			r.drop(e.c)
		}
	}
	r.streamChat(line)
}

// readsChat reports whether a connection holding seats reads line.
func (r *room) readsChat(seats seatSet, line store.ChatMessage) bool {
	switch {
	case line.Channel == protocol.ChatSpectators:
		return seats == 0 || r.ended()
	case seats == 0:
		return false
	case seats.has(line.Seat):
		return true // one's own lines
	default:
		return !r.chat.mutedBy(seats).has(line.Seat)
	}
}

// sendChatHistory sends c the lines it reads, with its channels. mu held.
func (r *room) sendChatHistory(c *conn, id string, seats seatSet) {
	muted := r.chat.mutedBy(seats)
	m := protocol.ChatMessage{Type: protocol.TypeChatHistory, ID: id, Chats: []protocol.ChatLine{}, Muted: seats != 0 && muted != 0}
	if seats != 0 {
		m.MutedSeats = muted.list()
	}
	for _, line := range r.chat.lines {
		if r.readsChat(seats, line) {
			m.Chats = append(m.Chats, chatLine(line))
		}
	}
	if seats != 0 {
		m.Read, m.Write = []string{protocol.ChatPlayers}, []string{protocol.ChatPlayers}
		if r.ended() {
			m.Read = append(m.Read, protocol.ChatSpectators)
		}
	} else {
		m.Read, m.Write = []string{protocol.ChatSpectators}, []string{protocol.ChatSpectators}
	}
	data, _ := json.Marshal(m)
	if !c.send(data) {
		r.drop(c)
	}
}

func chatLine(m store.ChatMessage) protocol.ChatLine {
	return protocol.ChatLine{ID: m.ID, Channel: m.Channel, Seat: m.Seat, Username: m.Name, Text: m.Text, At: m.At.UnixMilli()}
}
