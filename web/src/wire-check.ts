// The web client's wire types (protocol.ts, account-api.ts, replay.ts, seeks.ts,
// profile-api.ts, access-tokens.ts, chat-model.ts) checked at
// type-check time against wire.gen.ts, which go generate writes from the
// Go definitions in internal/protocol: a field the server sends or reads
// that a type here lacks or has extra, a field optional on one side only,
// or a field type the Go one does not accept, fails `tsc --noEmit`. The
// hand-written types stay narrower where the protocol is (string unions
// for kinds and statuses) and keep their docs; only a drift fails.
import type * as wire from './wire.gen';
import type * as account from './account-api';
import type * as protocol from './protocol';
import type * as replay from './replay';
import type * as chat from './chat-model';
import type * as seeks from './seeks';
import type * as profile from './profile-api';
import type * as tokens from './access-tokens';

/** Keys of every member of a union (the messages are unions by type). */
type AllKeys<T> = T extends unknown ? keyof T : never;

/** The optional keys of T. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** true when A and B are the same set of keys, else the differences. */
type SameKeys<A extends PropertyKey, B extends PropertyKey> = [Exclude<A, B>, Exclude<B, A>] extends [never, never]
  ? true
  : { onlyInTypeScript: Exclude<A, B>; onlyInGo: Exclude<B, A> };

/** Same keys, same optional keys, and the hand-written type accepted where the Go one is. */
type Matches<T, G> = [SameKeys<keyof T, keyof G>, SameKeys<OptionalKeys<T>, OptionalKeys<G>>, T extends G ? true : false] extends [true, true, true]
  ? true
  : { keys: SameKeys<keyof T, keyof G>; optional: SameKeys<OptionalKeys<T>, OptionalKeys<G>>; assignable: T extends G ? true : false };

type Check<T extends true> = T;

export type WireChecks = [
  Check<Matches<protocol.WireError, wire.Error>>,
  Check<Matches<protocol.OptionSpec, wire.OptionSpec>>,
  Check<Matches<protocol.GameInfo, wire.GameInfo>>,
  Check<Matches<protocol.BotRatingList, wire.BotRatingList>>,
  Check<Matches<protocol.TimeControl, wire.TimeControl>>,
  Check<Matches<protocol.SeatSpec, wire.SeatSpec>>,
  Check<Matches<protocol.CreateRequest, wire.CreateRequest>>,
  Check<Matches<protocol.Seat, wire.Seat>>,
  Check<Matches<protocol.Result, wire.Result>>,
  Check<Matches<protocol.Summary, wire.Summary>>,
  Check<Matches<protocol.CreateResponse, wire.CreateResponse>>,
  Check<Matches<protocol.JoinResponse, wire.JoinResponse>>,
  Check<Matches<protocol.Move, wire.Move>>,
  Check<Matches<protocol.Clocks, wire.Clocks>>,
  Check<Matches<protocol.Offers, wire.Offers>>,
  Check<Matches<protocol.MatchState, wire.State>>,
  Check<Matches<protocol.MatchEvent, wire.Event>>,
  Check<Matches<protocol.Delta, wire.Delta>>,
  Check<Matches<protocol.UIMove, wire.UIMove>>,
  Check<Matches<protocol.UIPiece, wire.UIPiece>>,
  Check<Matches<protocol.UIFloor, wire.UIFloor>>,
  Check<Matches<protocol.UIPosition, wire.UIPosition>>,
  Check<Matches<protocol.BoardForms, wire.UIBoard>>,
  Check<Matches<account.Account, wire.Account>>,
  Check<Matches<account.AccountInfo, wire.AccountInfo>>,
  Check<Matches<account.SeatClaim, wire.SeatClaim>>,
  Check<Matches<account.SeatRef, wire.SeatRef>>,
  Check<Matches<account.AccountMatch, wire.AccountMatch>>,
  Check<Matches<replay.Positions, wire.Positions>>,
  Check<Matches<replay.PlyPosition, wire.PlyPosition>>,
  Check<Matches<seeks.Seeker, wire.Seeker>>,
  Check<Matches<seeks.SeekTable, wire.SeekTable>>,
  Check<Matches<seeks.SeekRequest, wire.SeekRequest>>,
  Check<Matches<seeks.Challenge, wire.Challenge>>,
  Check<Matches<seeks.ChallengeRequest, wire.ChallengeRequest>>,
  Check<Matches<seeks.TurnMatch, wire.TurnMatch>>,
  Check<Matches<seeks.LobbyMessage, wire.LobbyMessage>>,
  Check<Matches<profile.RatingPoint, wire.RatingPoint>>,
  Check<Matches<profile.RatingInfo, wire.RatingInfo>>,
  Check<Matches<profile.Opponent, wire.Opponent>>,
  Check<Matches<profile.PlayedMatch, wire.PlayedMatch>>,
  Check<Matches<profile.Tally, wire.Tally>>,
  Check<Matches<profile.Profile, wire.Profile>>,
  Check<Matches<profile.Archive, wire.Archive>>,
  Check<Matches<profile.Leader, wire.Leader>>,
  Check<Matches<profile.Leaderboard, wire.Leaderboard>>,
  Check<Matches<tokens.TokenInfo, wire.TokenInfo>>,
  Check<Matches<tokens.TokenList, wire.TokenList>>,
  Check<Matches<tokens.TokenCreated, wire.TokenCreated>>,
  Check<Matches<chat.ChatLine, wire.ChatLine>>,
  // The Palago family's board forms (game/ui).
  Check<Matches<protocol.UITile, wire.UITile>>,
  Check<Matches<protocol.UICreature, wire.UICreature>>,
  Check<Matches<protocol.UIScored, wire.UIScored>>,
  Check<Matches<protocol.UIStep, wire.UIStep>>,
  Check<Matches<protocol.UITask, wire.UITask>>,
  // The messages are unions by type on the web side: their keys together
  // are the Go message's (the chat's client messages are the chat panel's).
  Check<SameKeys<AllKeys<protocol.ServerMessage>, keyof wire.ServerMessage>>,
  Check<SameKeys<AllKeys<protocol.ClientMessage | chat.ChatClientMessage>, keyof wire.ClientMessage>>,
];
