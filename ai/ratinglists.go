package ai

// RatingList is one measured rating list: the ratings of the built-in
// levels in one game, variant and player count on Tabula's Elo scale
// (random = 0), fitted from one round robin of random and the four levels
// (`tabula match GAME --agents ...`, arena.Ratings). The lobby describes a
// level by its rating in the game being set up.
type RatingList struct {
	Game    string
	Variant string
	Players int
	// Command is the `tabula match` command line that produced the list;
	// docs/strength.md shows the same command and numbers (a test checks).
	Command string
	// Elo is each level's rating by agent spec ("bot:easy", ...).
	Elo map[string]int
}

// RatingLists returns the measured rating lists of docs/strength.md
// ("Rating lists"), one per game, variant and player count measured. A
// game, variant or player count without a list has none here: nothing is
// guessed for it.
func RatingLists() []RatingList {
	const agents = "--agents random,bot:easy,bot:medium,bot:hard,bot:max"
	elo := func(easy, medium, hard, max int) map[string]int {
		return map[string]int{"bot:easy": easy, "bot:medium": medium, "bot:hard": hard, "bot:max": max}
	}
	return []RatingList{
		{Game: "pathagon", Variant: "standard", Players: 2,
			Command: "tabula match pathagon " + agents + " --games 20 --movetime 50ms --seed 3",
			Elo:     elo(486, 590, 981, 1092)},
		{Game: "abalone", Variant: "standard", Players: 2,
			Command: "tabula match abalone " + agents + " --games 10 --movetime 30ms --seed 3",
			Elo:     elo(316, 581, 926, 977)},
		{Game: "palago", Variant: "standard", Players: 2,
			Command: "tabula match palago " + agents + " --games 10 --movetime 100ms --seed 3",
			Elo:     elo(400, 433, 823, 885)},
		{Game: "talat", Variant: "palat", Players: 2,
			Command: "tabula match talat --variant palat " + agents + " --games 10 --movetime 100ms --seed 3",
			Elo:     elo(315, 628, 806, 896)},
		{Game: "villapaletti", Variant: "standard", Players: 2,
			Command: "tabula match villapaletti --players 2 " + agents + " --games 10 --movetime 200ms --seed 3",
			Elo:     elo(77, 117, 379, 427)},
		{Game: "villapaletti", Variant: "standard", Players: 3,
			Command: "tabula match villapaletti --players 3 " + agents + " --games 12 --movetime 200ms --seed 3",
			Elo:     elo(181, 221, 250, 268)},
		{Game: "talat", Variant: "talat", Players: 3,
			Command: "tabula match talat --players 3 " + agents + " --games 24 --movetime 100ms --seed 3",
			Elo:     elo(579, 604, 778, 942)},
		{Game: "palaboratory", Variant: "red", Players: 1,
			Command: "tabula match palaboratory " + agents + " --games 40 --movetime 100ms --seed 3",
			Elo:     elo(145, 285, 489, 1008)},
		{Game: "villapaletti", Variant: "standard", Players: 4,
			Command: "tabula match villapaletti --players 4 " + agents + " --games 24 --movetime 100ms --seed 3",
			Elo:     elo(27, 35, 158, 146)},
		{Game: "palagonia", Variant: "standard", Players: 4,
			Command: "tabula match palagonia --players 4 " + agents + " --games 24 --movetime 100ms --seed 3",
			Elo:     elo(398, 434, 444, 477)},
	}
}
