// Package runeball is the console for Runeball, a fantasy-football
// miniature game on a 31×15 hex field (Runeball 2022 notes), for two
// coaches, home and away.
//
// The miniatures, the printed field and the dice stay on the table; the
// app holds every number, runs each resolution step by step, asks for
// exactly the dice and choices it needs and refuses what the rules forbid.
// Everything follows the specification reference/runeball/SPEC.md: facts
// RB-F…, decisions RB-D…, cited where they are implemented and tested.
//
// The whole match is built (SPEC.md §5, build order 1–9): the team
// builder with the hidden-roster rule (RB-D63), the match start, the
// kickoff set-up and kickoff (Flow K), the rounds with initiative, windows,
// blitzes and held actions (S0, W, A, F), movement with sprint and
// run-off (M), the ball (X, R, T), handoffs (H), blocks with knockback,
// wounds and Out (B, KB, WD, O), passes with interception (P), field goals
// (G), touchdowns, stoppages, halves and the end (Z, S), and table
// corrections. Its screen is app/runeballscreen, around the field widget of
// app/runeballfield.
//
// The engine contract is the same as Ruunara's: Decide works on a copy of
// the state and every change is an event applied at once with the same
// Apply replay uses.
package runeball

import (
	"github.com/commandconsole/commandconsole/console"
)

// ID is the system id Runeball registers under.
const ID = "runeball"

// Rules implements console.Rules for Runeball.
type Rules struct{}

// New returns the Runeball rules.
func New() *Rules { return &Rules{} }

// OptRounds is the setup option: rounds per half (RB-D56).
const OptRounds = "rounds"

// Command names (SPEC.md §2.7) built so far.
const (
	CmdEnterPlayer  = "enter-player"
	CmdRollStats    = "roll-stats"
	CmdAssignStats  = "assign-stats"
	CmdImprove      = "improve"
	CmdNamePlayer   = "name-player"
	CmdRemovePlayer = "remove-player"
	CmdSetDoctor    = "set-doctor"
	CmdLockRoster   = "lock-roster"
	CmdKeshat       = "keshat"
	CmdChooseKick   = "choose-kickoff"
)

// Info describes the system.
func (*Rules) Info() console.SystemInfo {
	return console.SystemInfo{
		ID:       ID,
		Name:     "Runeball",
		Kind:     console.KindMiniature,
		MinSeats: 2,
		MaxSeats: 2,
		Doc: "Fantasy football on a 31×15 hex field for two coaches: team builder, initiative, blocks, passes, " +
			"every table resolved by the app, on one tablet or two.",
		Options: []console.ArgSpec{
			{Name: OptRounds, Kind: console.ArgInt, Min: console.Bounds(1), Max: console.Bounds(20), Default: "8", Doc: "rounds per half"},
		},
		Playable: true,
	}
}

func str(name string, req bool, doc string) console.ArgSpec {
	return console.ArgSpec{Name: name, Kind: console.ArgString, Required: req, MaxLen: 60, Doc: doc}
}

func stat(name string, req bool) console.ArgSpec {
	return console.ArgSpec{Name: name, Kind: console.ArgInt, Required: req, Min: console.Bounds(-99), Max: console.Bounds(99),
		Doc: "the " + name + " score (6–17)"}
}

// Commands lists the vocabulary built so far (SPEC.md §2.7).
func (*Rules) Commands() []console.CommandSpec {
	statArgs := func(req bool) []console.ArgSpec {
		var out []console.ArgSpec
		for _, s := range StatNames {
			out = append(out, stat(s, req))
		}
		return out
	}
	player := str("player", true, "the slot: H1…H9 (home) or A1…A9 (away)")
	enter := append([]console.ArgSpec{player, str("name", true, "the player's name")}, statArgs(true)...)
	enter = append(enter, str("background", false, "a background (recorded, RB-D10)"), str("boon", false, "a Boon (recorded, RB-D10)"))
	return []console.CommandSpec{
		{Name: CmdEnterPlayer, Version: 1, Doc: "fill a slot with final stats (a saved or pre-made character)", Args: enter, When: "roster, before lock-roster"},
		{Name: CmdRollStats, Version: 1, Doc: "record the eight 2d6+4 totals (RB-F2); without rolls the app rolls them", Args: []console.ArgSpec{player, str("name", true, "the player's name"), str("rolls", false, "8 values from 6 to 16, comma-separated")}, When: "roster"},
		{Name: CmdAssignStats, Version: 1, Doc: "put the seven best rolls on the seven stats, in any order (RB-D9)", Args: append([]console.ArgSpec{player}, statArgs(true)...), When: "roster, after roll-stats"},
		{Name: CmdImprove, Version: 1, Doc: "plus=A,B: +1 to two stats (RB-F3); or plus=A raise=B: +1 to A and B set to 8 (RB-F4)", Args: []console.ArgSpec{player, str("plus", true, "one or two stats"), str("raise", false, "a stat below 8, set to 8")}, When: "roster, once per rolled player"},
		{Name: CmdNamePlayer, Version: 1, Doc: "rename a player, set background and Boon", Args: []console.ArgSpec{player, str("name", false, "the name"), str("background", false, "background"), str("boon", false, "Boon")}, When: "roster"},
		{Name: CmdRemovePlayer, Version: 1, Doc: "empty a slot", Args: []console.ArgSpec{player}, When: "roster"},
		{Name: CmdSetDoctor, Version: 1, Doc: "name the team doctor (RB-D42), or none", Args: []console.ArgSpec{player}, When: "roster"},
		{Name: CmdLockRoster, Version: 1, Doc: "lock the team: nine complete players (RB-D64)", When: "roster"},
		{Name: CmdKeshat, Version: 1, Doc: "record the Keshat round (RB-D59)", Args: []console.ArgSpec{
			{Name: "winner", Kind: console.ArgEnum, Enum: []string{"home", "away"}, Required: true, Doc: "the team that won it"},
			{Name: "double", Kind: console.ArgEnum, Enum: []string{"no", "yes"}, Default: "no", Doc: "a Keshat scored: the winner has both choices"}}, When: "start"},
		{Name: CmdPlace, Version: 1, Doc: "put players on the field, on your side (RB-F25, RB-F26)", Args: []console.ArgSpec{
			str("player", true, "ID[,ID…]"), str("hex", true, "CELL[,CELL…], paired with the players")}, When: "set-up: the kicking team first"},
		{Name: CmdUnplace, Version: 1, Doc: "take a player back to the bench", Args: []console.ArgSpec{player}, When: "set-up"},
		{Name: CmdSetKicker, Version: 1, Doc: "name the kicker, standing in the kicker zone (RB-D15)", Args: []console.ArgSpec{player}, When: "set-up, kicking team"},
		{Name: CmdReadySetup, Version: 1, Doc: "close your set-up", When: "set-up"},
		{Name: CmdKick, Version: 1, Doc: "kick off at a target on the receiving side (RB-F27)", Args: []console.ArgSpec{str("target", true, "CELL")}, When: "kickoff, the kicking coach"},
		{Name: CmdRoll, Version: 1, Doc: "answer a dice prompt with the faces rolled on the table, or none for the app's roll (RB-D62)", Args: []console.ArgSpec{str("values", false, "faces, comma-separated, in the prompt's order")}, When: "a dice prompt is open; either coach"},
		{Name: CmdExert, Version: 1, Doc: "spend Exertion on an uncontested test: 1d4 HP each (RB-F43, RB-D29)", Args: []console.ArgSpec{{Name: "points", Kind: console.ArgInt, Required: true, Min: console.Bounds(-9), Max: console.Bounds(9), Doc: "0, 1 or 2"}}, When: "the roller's coach, when asked"},
		{Name: CmdLandChoice, Version: 1, Doc: "the ball comes down on your player: catch it, or step aside (hex=)", Args: []console.ArgSpec{
			{Name: "choice", Kind: console.ArgEnum, Enum: []string{"catch", "step", "drop"}, Required: true, Doc: "catch, step or drop"}, str("hex", false, "step: an adjacent free cell")}, When: "when asked"},
		{Name: CmdGiveBall, Version: 1, Doc: "give the ball to one of the players offered", Args: []console.ArgSpec{player}, When: "when asked"},
		{Name: CmdChooseKick, Version: 1, Doc: "kick or receive (RB-F24)", Args: []console.ArgSpec{
			{Name: "choice", Kind: console.ArgEnum, Enum: []string{"kick", "receive"}, Required: true, Doc: "kick or receive"}}, When: "start, by the seat with the choice"},
		{Name: CmdFreeActivate, Version: 1, Doc: "take a free activation with a player on the field, or none (Flow F, RB-D26)", Args: []console.ArgSpec{str("player", true, "the slot, or none")}, When: "play, the team with the free activation"},
		{Name: CmdStand, Version: 1, Doc: "a prone player gets up: a half action (RB-D31)", Args: []console.ArgSpec{player}, When: "play, the acting player"},
		{Name: CmdMove, Version: 1, Doc: "walk a path of adjacent hexes; as=half or as=full starts a move action, without it the open one continues; hexes beyond the allowance are sprint, 1d4 HP each (Flow M, RB-F34, RB-F35)", Args: []console.ArgSpec{player,
			{Name: "path", Kind: console.ArgString, Required: true, MaxLen: 200, Doc: "CELL,CELL,… from the hex next to the player"},
			str("as", false, "half or full")}, When: "play, the acting player"},
		{Name: CmdPickup, Version: 1, Doc: "pick up the ball in the acting player's hex: Catch vs DL 8 at rest, 12 bouncing, +2 per standing opponent next to it (RB-F47, RB-D51); no action spent", Args: []console.ArgSpec{player}, When: "play, the acting player"},
		{Name: CmdHandoff, Version: 1, Doc: "hand the ball to an adjacent teammate: his Catch vs DL 8, +2 per standing opponent next to him (RB-F86, RB-D52); no action spent", Args: []console.ArgSpec{player, str("to", true, "the teammate taking it")}, When: "play, during an activation of your team"},
		{Name: CmdBlock, Version: 1, Doc: "block an adjacent standing opponent: a half action, or a tackle right after a full move (−1); exert pledges up to 2 (RB-F44, Flow B)", Args: []console.ArgSpec{player,
			str("target", true, "the opponent"), {Name: "exert", Kind: console.ArgInt, Min: console.Bounds(-9), Max: console.Bounds(9), Default: "0", Doc: "0, 1 or 2"}}, When: "play, the acting player"},
		{Name: CmdChooseDefense, Version: 1, Doc: "defend a block with Block or Dodge (−2 per earlier use this round, RB-F58)", Args: []console.ArgSpec{
			{Name: "defense", Kind: console.ArgEnum, Enum: []string{"block", "dodge"}, Required: true, Doc: "block or dodge"}}, When: "the defender's coach, when asked"},
		{Name: CmdCounter, Version: 1, Doc: "counter the blocker's pledged Exertion, up to his pledge (RB-F44)", Args: []console.ArgSpec{
			{Name: "points", Kind: console.ArgInt, Required: true, Min: console.Bounds(-9), Max: console.Bounds(9), Doc: "0 to the pledge"}}, When: "the defender's coach, when asked"},
		{Name: CmdPush, Version: 1, Doc: "choose where the knockback goes (Flow KB)", Args: []console.ArgSpec{str("hex", true, "a cell offered, or out")}, When: "the blocker's coach, when asked"},
		{Name: CmdPass, Version: 1, Doc: "pass to a standing teammate 2–18 hexes away: Pass vs the range's DL, +1 per adjacent defender, +2 in front (RB-F77, RB-F78, RB-D46); a half action that ends the turn", Args: []console.ArgSpec{player, str("to", true, "the receiver")}, When: "play, the acting ball carrier"},
		{Name: CmdIntercept, Version: 1, Doc: "name the one defender on the flight path who tries to intercept, or none (RB-F80, RB-D48)", Args: []console.ArgSpec{player}, When: "the defending coach, when asked"},
		{Name: CmdRunOff, Version: 1, Doc: "leave the field from an edge hex with a hex of the open move (RB-D45); the activation ends", Args: []console.ArgSpec{player}, When: "play, the acting player"},
		{Name: CmdSubIn, Version: 1, Doc: "send a bench player into the runner's hex, with his place in the order (RB-D44), or none", Args: []console.ArgSpec{str("player", true, "the substitute, or none")}, When: "after a run-off, when asked"},
		{Name: CmdKickGoal, Version: 1, Doc: "kick a field goal at the opponents' post from their side: Kick vs 6 + the distance, +1 per adjacent opponent, +2 in front (RB-F88, RB-D53); a half action that ends the turn", Args: []console.ArgSpec{player}, When: "play, the acting ball carrier"},
		{Name: CmdShakeOff, Version: 1, Doc: "shake it off: +1d6 HP, the whole activation (RB-D41, RB-D43)", Args: []console.ArgSpec{player}, When: "play, the acting player before anything else"},
		{Name: CmdTreat, Version: 1, Doc: "the team doctor removes one Bruise, one Pain or Out (RB-D42)", Args: []console.ArgSpec{player,
			{Name: "status", Kind: console.ArgEnum, Enum: []string{"bruise", "pain", "out"}, Required: true, Doc: "bruise, pain or out"}}, When: "stoppage, a team with a doctor"},
		{Name: CmdReadyStoppage, Version: 1, Doc: "end your stoppage step (a team without a doctor is ready at once)", When: "stoppage"},
		{Name: CmdLetAct, Version: 1, Doc: "let the player about to act go ahead (a window, Flow W)", When: "play, the team a window is open for"},
		{Name: CmdBlitz, Version: 1, Doc: "blitz the opponent about to act: your player acts first, at −2 (RB-F39, RB-D24)", Args: []console.ArgSpec{player}, When: "play, in the opponents' window"},
		{Name: CmdUseHeld, Version: 1, Doc: "use a held action: preempt a teammate at once, an opponent by a roll-off (RB-F38, RB-D25)", Args: []console.ArgSpec{player}, When: "play, in a window or when the round's turns are over"},
		{Name: CmdHold, Version: 1, Doc: "hold the rest of your turn for later in the round (RB-F37, RB-D25)", Args: []console.ArgSpec{player}, When: "play, the acting player in a normal turn"},
		{Name: CmdCorrect, Version: 1, Doc: "make the app match the table (RB-D68): player=ID with hex=CELL|bench, stance, hp, statuses; ball=CELL|ID with ball-state; last-touch; score=H-A; clock=HALF:ROUND", Args: []console.ArgSpec{
			str("player", false, "the player corrected"), str("hex", false, "CELL or bench"),
			{Name: "stance", Kind: console.ArgEnum, Enum: []string{"standing", "prone"}, Doc: "standing or prone"},
			{Name: "hp", Kind: console.ArgInt, Min: console.Bounds(-99), Max: console.Bounds(99), Doc: "hit points, −20 to the maximum"},
			str("statuses", false, "none, or e.g. bleed:1,bruise:2,stun"), str("ball", false, "CELL or the holder's ID"),
			{Name: "ball-state", Kind: console.ArgEnum, Enum: []string{"rest", "bouncing"}, Doc: "for a ball on a cell"},
			str("last-touch", false, "the player who touched the ball last"), str("score", false, "HOME-AWAY"), str("clock", false, "HALF:ROUND")}, When: "set-up, kickoff, play, stoppage; between resolutions"},
		{Name: CmdWindows, Version: 1, Doc: "ask: be asked in every window your team could use; pass: let every player act unasked (RB-D23)", Args: []console.ArgSpec{
			{Name: "mode", Kind: console.ArgEnum, Enum: []string{WindowsAsk, WindowsPass}, Required: true, Doc: "ask or pass"}}, When: "any time"},
		{Name: CmdEndActivation, Version: 1, Doc: "end the acting player's activation (what is left is lost)", Args: []console.ArgSpec{player}, When: "play, the acting player"},
	}
}

// StatNames are the seven stats in RB-F1's order, as arguments name them.
var StatNames = []string{"mus", "skl", "spd", "tou", "wit", "tec", "cha"}
