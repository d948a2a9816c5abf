package runeball

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Flow B with KB, WD and O (RB-F55…RB-F73, RB-D32…RB-D40): the block,
// the defender's choice of Block or Dodge, pledged and countered
// Exertion, the opposed d12s, then the block table: damage, knockback
// (chains included), wounds rolled until no 11 or 12, going down, a
// carrier's fumble, going Out. The blocker's activation ends with it.

// Block commands (§2.7).
const (
	CmdBlock         = "block"
	CmdChooseDefense = "choose-defense"
	CmdCounter       = "counter"
	CmdPush          = "push"
)

// link is a player waiting to move into the cell a chained push frees.
type link struct {
	Player string     `msgpack:"player"`
	Into   field.Cell `msgpack:"into"`
}

// defence is a defender's effective Block or Dodge: the skill less Bruise
// and 2 per earlier use this round (RB-F58).
func (g *state) defence(id, kind string) int {
	p, _, _ := g.place(id)
	k, i := roster.Block, 0
	if kind == "dodge" {
		k, i = roster.Dodge, 1
	}
	tb, _ := tables()
	return g.skillOf(id, k) + tb.Constants.Int("defense_degrade")*p.DefUses[i]
}

// block starts Flow B.
func (x *decider) block(a console.Args) error {
	g := x.g
	act, p, _, err := x.actor(a)
	if err != nil {
		return err
	}
	ts, err := roster.ParseSlot(a.String("target"))
	if err != nil {
		return console.RejectWith(console.ReasonBadInput, "target: %v", err)
	}
	y := ts.String()
	yp, _, yt := g.place(y)
	pledge := a.Int("exert")
	tackle := act.Halves == 0 && act.Move != nil && act.Move.As == "full"
	switch {
	case p.Prone:
		return console.Reject("%s is prone (stand first)", act.Player)
	case yt == x.team:
		return console.Reject("%s is your own player", y)
	case !yp.OnField:
		return console.Reject("%s is not on the field", y)
	case !field.Adjacent(p.Cell, yp.Cell):
		return console.Reject("%s is not adjacent to %s", y, act.Player)
	case !yp.standing():
		return console.Reject("%s is prone (RB-D32)", y)
	case act.Halves < 1 && !tackle:
		return console.Reject("%s has no action left for a block", act.Player)
	case pledge < 0 || pledge > 2:
		return console.RejectWith(console.ReasonBadInput, "exert must be 0, 1 or 2")
	}
	mods := 0 // Bruise is in skillOf
	if tackle {
		mods--
	}
	if act.Sprinted {
		mods -= 2
	}
	if act.Kind == KindBlitz {
		mods -= 2
	}
	x.emit(EvBlockDeclared, BlockDeclared{Blocker: act.Player, Target: y, Exert: pledge, Mods: mods, Tackle: tackle})
	f := flow{Player: act.Player, Other: y, Exert: pledge, Mods: mods}
	x.askChoice(yt, CmdChooseDefense, fmt.Sprintf("%s blocks %s: defend with Block %d or Dodge %d (choose-defense defense=block|dodge)",
		act.Player, y, g.defence(y, "block"), g.defence(y, "dodge")), "defense", f, "block", "dodge")
	return nil
}

// chooseDefense answers the defender's choice (RB-F58).
func (x *decider) chooseDefense(a console.Args) error {
	f := x.g.Prompt.Flow
	f.Defense = a.String("defense")
	f.DL = x.g.defence(f.Other, f.Defense) // as shown: earlier uses only (RB-F58)
	x.emit(EvPrompt, PromptSet{})
	x.emit(EvDefenseChosen, DefenseChosen{Player: f.Other, Defense: f.Defense})
	if f.Exert > 0 {
		x.askChoice(x.team, CmdCounter, fmt.Sprintf("%s pledged %d Exertion: counter with up to %d (counter points=0…%d, 1d4 HP each, RB-F44)", f.Player, f.Exert, f.Exert, f.Exert), "counter", f)
		return nil
	}
	x.blockDice(f)
	return nil
}

// counter answers the defender's counter-exertion (RB-F44, RB-D29).
func (x *decider) counter(a console.Args) error {
	f := x.g.Prompt.Flow
	n := a.Int("points")
	if n < 0 || n > f.Exert {
		return console.RejectWith(console.ReasonBadInput, "points must be 0…%d (never more than the attacker's pledge, l. 132)", f.Exert)
	}
	f.Counter = n
	x.emit(EvPrompt, PromptSet{})
	x.blockDice(f)
	return nil
}

// blockDice asks the exertion d4s, if any, then the opposed d12s.
func (x *decider) blockDice(f flow) {
	if f.Exert+f.Counter > 0 {
		var dice []die
		for i := 0; i < f.Exert; i++ {
			dice = append(dice, die{4, "Exertion HP " + f.Player})
		}
		for i := 0; i < f.Counter; i++ {
			dice = append(dice, die{4, "Exertion HP " + f.Other})
		}
		x.askDice("block-exert", f, dice...)
		return
	}
	x.opposed(f)
}

// opposed asks the d12s of the block (B.5).
func (x *decider) opposed(f flow) {
	x.askDice("block-roll", f, die{12, f.Player + " Block"}, die{12, f.Other + " " + strings.ToUpper(f.Defense[:1]) + f.Defense[1:]})
}

// blockExerted costs the pledged and countered Exertion.
func (x *decider) blockExerted(f flow, faces []int) error {
	if len(faces) != f.Exert+f.Counter {
		return fmt.Errorf("runeball: %d exertion dice for %d points", len(faces), f.Exert+f.Counter)
	}
	if f.Exert > 0 {
		x.emit(EvExertionSpent, ExertionSpent{Player: f.Player, Points: f.Exert, D4: faces[:f.Exert], Purpose: "block"})
	}
	if f.Counter > 0 {
		x.emit(EvExertionSpent, ExertionSpent{Player: f.Other, Points: f.Counter, D4: faces[f.Exert:], Purpose: "counter"})
	}
	x.opposed(f)
	return nil
}

// blockRolled reads the opposed roll (B.5–B.9).
func (x *decider) blockRolled(f flow, faces []int) error {
	g := x.g
	if len(faces) != 2 {
		return fmt.Errorf("runeball: a block takes 2 d12s, not %d", len(faces))
	}
	att := faces[0] + g.skillOf(f.Player, roster.Block) + f.Mods + f.Exert - f.Counter
	def := faces[1] + f.DL
	f.Margin = att - def
	x.emit(EvBlockRolled, BlockRolled{Blocker: f.Player, Defender: f.Other, Defense: f.Defense, Attack: att, Defence: def, Margin: f.Margin})
	tb, err := tables()
	if err != nil {
		return err
	}
	row := tb.Block.For(f.Margin)
	switch {
	case row.DamageTo == "defender":
		x.damageDie(f, f.Player, f.Other)
	case row.DamageTo == "blocker":
		x.damageDie(f, f.Other, f.Player)
	case row.BlockerDown:
		x.knockDown(f.Player)
		x.afterDown(f, f.Player, false)
	default:
		x.blockDone(f)
	}
	return nil
}

// damageDie asks the dealer's d4, or deals a Weak dealer's damage at once
// (RB-F71).
func (x *decider) damageDie(f flow, dealer, victim string) {
	p, _, _ := x.g.place(dealer)
	f.Victim = victim
	if p.St.Weak {
		x.dealt(f, 0)
		return
	}
	x.askDice("block-damage", f, die{4, dealer + " damage"})
}

// dealt applies the block table's row with the damage die (B.6, B.9).
func (x *decider) dealt(f flow, d4 int) {
	g := x.g
	tb, _ := tables()
	dealer := f.Player
	if f.Victim == f.Player {
		dealer = f.Other
	}
	dp, dsheet, _ := g.place(dealer)
	_, vsheet, _ := g.place(f.Victim)
	o := ResolveBlock(tb, f.Margin, d4, dsheet.Stats()[roster.MUS], dp.St.Weak, vsheet.Derived().WN)
	x.emit(EvHPLost, HPLost{Player: f.Victim, HP: o.Damage, Why: "block"})
	f.Wound = o.Wound
	if f.Victim == f.Other {
		f.Down = o.DefenderDown
		if o.Pushed {
			x.push(f, f.Other, g.cellOf(f.Player), f.Down)
			return
		}
	} else {
		f.Down = true // the blocker goes down (B.9)
	}
	x.afterPush(f)
}

// cellOf is a player's cell.
func (g *state) cellOf(id string) field.Cell {
	p, _, _ := g.place(id)
	if p == nil {
		return field.Cell{}
	}
	return p.Cell
}

// push offers the knockback options of victim v away from the pusher's
// cell (KB.1–3).
func (x *decider) push(f flow, v string, from field.Cell, down bool) {
	g := x.g
	opts := PushOptions(from, g.cellOf(v), down, g.occupant)
	f.Pushed, f.PushFrom = v, from
	if len(opts) == 1 {
		x.pushTo(f, opts[0])
		return
	}
	var names []string
	for _, o := range opts {
		names = append(names, pushName(o))
	}
	x.askChoice(teamOf(f.Player), CmdPush, fmt.Sprintf("push %s: %s (push hex=…)", v, strings.Join(names, ", ")), "push", f, names...)
}

// pushName is how an option is offered: the cell, or "out" for an
// off-field cell.
func pushName(o Push) string {
	if o.Out && !o.Cell.Valid() {
		return "out"
	}
	return o.Cell.String()
}

// pushChosen answers the push choice.
func (x *decider) pushChosen(a console.Args) error {
	g := x.g
	p := g.Prompt
	want := strings.TrimSpace(a.String("hex"))
	f := p.Flow
	for _, o := range PushOptions(f.PushFrom, g.cellOf(f.Pushed), f.Down && f.Pushed == f.Other, g.occupant) {
		if pushName(o) == want {
			x.emit(EvPrompt, PromptSet{})
			x.pushTo(f, o)
			return nil
		}
	}
	return console.RejectWith(console.ReasonBadInput, "push to one of %s", strings.Join(p.Options, ", "))
}

// pushTo carries out one knockback (KB.4–5).
func (x *decider) pushTo(f flow, o Push) {
	g := x.g
	v := f.Pushed
	d := g.cellOf(v)
	switch {
	case o.Occupant != "":
		// the occupant goes first, upright, away from d (RB-D33)
		f.Chain = append(f.Chain, link{Player: v, Into: o.Cell})
		x.push(f, o.Occupant, d, false)
		return
	case o.Out:
		x.pushedOut(f, v, d)
		return
	}
	x.emit(EvPushed, Pushed{Player: v, From: d, To: o.Cell})
	// the chain follows into the freed cells, innermost first
	for i := len(f.Chain) - 1; i >= 0; i-- {
		l := f.Chain[i]
		x.emit(EvPushed, Pushed{Player: l.Player, From: g.cellOf(l.Player), To: l.Into})
	}
	f.Chain = nil
	x.afterPush(f)
}

// pushedOut: v leaves the field — placed prone in d; a turnover for his
// opponents; a carrier's ball goes to them (KB.5, RB-D34).
func (x *decider) pushedOut(f flow, v string, d field.Cell) {
	g := x.g
	vt := teamOf(v)
	x.emit(EvPushedOut, PushedOut{Player: v, Cell: d})
	f.Chain = nil // everyone in the chain stays
	if v == f.Other {
		f.Down = false // already prone in his cell: no fumble follows
		f.OutOfBounds = true
	}
	if g.Ball.Holder == v {
		if v == f.Other && (f.Wound || f.Margin >= 3) { // the block knocked the carrier down (KB.5)
			x.emit(EvFreeGranted, FreeGranted{Team: 1 - vt, Reason: "knockback out of " + v})
		}
		f.Then = "block-after-push"
		// the blockers' closest standing player, without a second point (KB.5)
		x.turnoverThen(1-vt, d, "push", f, func() { x.afterPush(f) })
		return
	}
	x.emit(EvTurnoverScored, TurnoverScored{Gain: 1 - vt, Reason: "push", Exit: d})
	x.afterPush(f)
}

// afterPush: wound, then down and fumble, then Out (B.6 c–e, B.9).
func (x *decider) afterPush(f flow) {
	if f.Wound {
		f.Wound = false
		x.askDice("wound", f, die{12, "wound " + f.Victim})
		return
	}
	if f.Victim == "" { // the blocker went down without damage (B.8)
		x.afterDown(f, f.Player, false)
		return
	}
	if f.Down {
		x.knockDown(f.Victim)
	}
	x.afterDown(f, f.Victim, f.Down)
}

// wounded applies the wound d12 (WD): 11 and 12 roll again.
func (x *decider) wounded(f flow, d12 int) error {
	g := x.g
	tb, err := tables()
	if err != nil {
		return err
	}
	row, ok := tb.Wounds.ForD12(d12)
	if !ok {
		return fmt.Errorf("runeball: %d is not a d12", d12)
	}
	x.emit(EvWounded, Wounded{Player: f.Victim, D12: d12, Wound: row.Name})
	if row.RollAgain {
		x.askDice("wound", f, die{12, "wound again " + f.Victim})
		return nil
	}
	f.Down = true // a wound puts the victim down (RB-F63)
	_ = g
	x.afterPush(f)
	return nil
}

// knockDown puts a player prone.
func (x *decider) knockDown(id string) {
	if p, _, _ := x.g.place(id); p != nil && !p.Prone {
		x.emit(EvKnockedDown, KnockedDown{Player: id})
	}
}

// afterDown: a downed carrier fumbles (X3); HP ≤ 0 or a KO puts him Out
// (O); then the block is done.
func (x *decider) afterDown(f flow, id string, down bool) {
	g := x.g
	p, _, t := g.place(id)
	if (p.HP <= 0 || p.St.Out) && !p.Out {
		x.emit(EvWentOut, WentOut{Player: id})
	}
	if g.Ball.Holder == id && (p.Prone || p.Out) {
		f.Then = "block-done"
		x.fumbleThen(id, p.Cell, t, f)
		return
	}
	x.blockDone(f)
}

// fumbleThen is X3 for a carrier knocked down, continuing the block after.
func (x *decider) fumbleThen(id string, cell field.Cell, team int, f flow) {
	x.emit(EvBallFumbled, BallFumbled{Player: id, Cell: cell})
	x.emit(EvFreeGranted, FreeGranted{Team: 1 - team, Reason: "fumble by " + id})
	x.askDice("fumble-dir", flow{Player: id, Cell: cell, Fumbler: team}, die{6, "fumble direction"})
}

// blockDone ends the blocker's activation once the ball is settled (B.10).
func (x *decider) blockDone(f flow) {
	if x.g.Prompt != nil {
		return
	}
	x.ballDone()
}

// Block events (§2.8).
const (
	EvBlockDeclared = "block-declared"
	EvDefenseChosen = "defense-chosen"
	EvBlockRolled   = "block-rolled"
	EvHPLost        = "hp-lost"
	EvPushed        = "pushed"
	EvPushedOut     = "pushed-out"
	EvWounded       = "wounded"
	EvKnockedDown   = "knocked-down"
	EvWentOut       = "went-out"
)

type (
	// BlockDeclared: the blocker's pledge and attack modifiers.
	BlockDeclared struct {
		Blocker string `msgpack:"blocker"`
		Target  string `msgpack:"target"`
		Exert   int    `msgpack:"exert"`
		Mods    int    `msgpack:"mods"`
		Tackle  bool   `msgpack:"tackle"`
	}
	// DefenseChosen: Block or Dodge; it counts as a use this round.
	DefenseChosen struct {
		Player  string `msgpack:"player"`
		Defense string `msgpack:"defense"`
	}
	// BlockRolled: the two totals and the margin.
	BlockRolled struct {
		Blocker  string `msgpack:"blocker"`
		Defender string `msgpack:"defender"`
		Defense  string `msgpack:"defense"`
		Attack   int    `msgpack:"attack"`
		Defence  int    `msgpack:"defence"`
		Margin   int    `msgpack:"margin"`
	}
	// HPLost: damage taken.
	HPLost struct {
		Player string `msgpack:"player"`
		HP     int    `msgpack:"hp"`
		Why    string `msgpack:"why"`
	}
	// Pushed: a knockback step.
	Pushed struct {
		Player string     `msgpack:"player"`
		From   field.Cell `msgpack:"from"`
		To     field.Cell `msgpack:"to"`
	}
	// PushedOut: pushed off the field: prone in his cell (RB-D34).
	PushedOut struct {
		Player string     `msgpack:"player"`
		Cell   field.Cell `msgpack:"cell"`
	}
	// Wounded: a wound row.
	Wounded struct {
		Player string `msgpack:"player"`
		D12    int    `msgpack:"d12"`
		Wound  string `msgpack:"wound"`
	}
	// KnockedDown: prone.
	KnockedDown struct {
		Player string `msgpack:"player"`
	}
	// WentOut: unconscious (RB-F73, RB-D40).
	WentOut struct {
		Player string `msgpack:"player"`
	}
)

// applyBlock folds the block events.
func (g *state) applyBlock(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvBlockDeclared:
		var p BlockDeclared
		if err := dec(&p); err != nil {
			return err
		}
		c := g.Current
		if c == nil || c.Player != p.Blocker {
			return fmt.Errorf("%s is not acting", p.Blocker)
		}
		if !p.Tackle {
			if c.Halves < 1 {
				return fmt.Errorf("%s has no half left", p.Blocker)
			}
			c.Halves--
		}
		c.Move, c.Ends, c.EndsWhy = nil, true, "block" // a block always ends the turn (RB-F36)
	case EvDefenseChosen:
		var p DefenseChosen
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := g.onField(p.Player)
		if err != nil {
			return err
		}
		if p.Defense == "dodge" {
			pl.DefUses[1]++
		} else {
			pl.DefUses[0]++
		}
	case EvBlockRolled:
	case EvHPLost:
		var p HPLost
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := g.onField(p.Player)
		if err != nil {
			return err
		}
		if p.HP < 0 || p.HP > 99 {
			return fmt.Errorf("%d HP lost", p.HP)
		}
		pl.HP -= p.HP
	case EvPushed:
		var p Pushed
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := g.onField(p.Player)
		if err != nil {
			return err
		}
		if !p.To.Valid() || g.occupant(p.To) != "" {
			return fmt.Errorf("%s pushed to %s", p.Player, p.To)
		}
		pl.Cell = p.To
		if g.Ball.Holder == p.Player {
			g.Ball.Cell = p.To
		}
	case EvPushedOut, EvKnockedDown:
		var p KnockedDown
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := g.onField(p.Player)
		if err != nil {
			return err
		}
		pl.Prone = true
	case EvWounded:
		var p Wounded
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := g.onField(p.Player)
		if err != nil {
			return err
		}
		tb, err := tables()
		if err != nil {
			return err
		}
		row, ok := tb.Wounds.ForD12(p.D12)
		if !ok {
			return fmt.Errorf("wound d12 %d", p.D12)
		}
		pl.St, _ = pl.St.Wound(row)
		pl.Prone = true
	case EvWentOut:
		var p WentOut
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := g.onField(p.Player)
		if err != nil {
			return err
		}
		pl.Out, pl.St.Out, pl.Prone = true, true, true
		if en := g.entryOf(p.Player); en != nil && (en.Status == EntryPending || en.holding()) {
			en.Status = EntrySkipped
		}
		if g.Current != nil && g.Current.Player == p.Player {
			g.Current.Ends, g.Current.EndsWhy = true, "out"
		}
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
