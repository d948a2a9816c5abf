package landsofruin

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// Affordances (View.Commands): for every command of the vocabulary, whether
// the viewing seat may give it now, why not, and what each argument that
// picks from a set may be. The choices are not a second copy of the rules:
// each one is asked of Decide itself (on the same state, with throwaway
// dice, whose events are dropped), so a choice offered is a choice Decide
// accepts, and a Disabled text is Decide's own refusal. Decide's refusals
// never tell a secret, and the candidates asked about are only what the
// seat may know: its own characters for the acting arguments, characters
// it can see for targets, the map's sections, the rules' tables.
//
// Commands that take no argument from a set (end-phase, the end and undo
// votes, roll, cancel-attack) are allowed exactly when the phase and seat
// check (gate) lets them through; their Decide refuses nothing more.

// affordances lists one console.Affordance per command, in the vocabulary's
// order, for seat (player p); none for the public view or a seat not in
// the game, which give no commands.
func (r *Rules) affordances(g *state, seat console.Seat, p int) []console.Affordance {
	if p < 0 {
		return nil
	}
	out := make([]console.Affordance, 0, len(commandSpecs))
	x := &prober{r: r, g: g, seat: seat, p: p}
	for _, spec := range commandSpecs {
		a := console.Affordance{Cmd: spec.Name}
		if err := g.gate(p, spec.Name); err != nil {
			a.Reason = err.Error()
		} else {
			x.fill(&a)
		}
		out = append(out, a)
	}
	return out
}

// prober asks Decide about candidate commands for one seat.
type prober struct {
	r    *Rules
	g    *state
	seat console.Seat
	p    int
}

// try asks Decide whether it accepts cmd with args now; it returns the
// events (never applied) or the refusal.
func (x *prober) try(cmd string, args map[string]any) ([]console.Event, error) {
	return x.r.Decide(x.g, x.seat, console.Command{Name: cmd, Args: args}, console.NewDice(1))
}

// refusal is try's refusal text, "" when Decide accepts.
func (x *prober) refusal(cmd string, args map[string]any) string {
	if _, err := x.try(cmd, args); err != nil {
		return err.Error()
	}
	return ""
}

// fill completes the affordance of a command the gate lets through.
func (x *prober) fill(a *console.Affordance) {
	switch a.Cmd {
	case CmdChooseRole:
		x.chooseRole(a)
	case CmdChooseSide:
		x.chooseSide(a)
	case CmdChooseTeam:
		x.chooseTeam(a)
	case CmdReady:
		whole(a, x.refusal(CmdReady, nil))
	case CmdInfiltrate:
		x.infiltrate(a)
	case CmdAssign:
		x.assign(a)
	case CmdUnassign:
		x.unassign(a)
	case CmdMove:
		x.move(a)
	case CmdPerform:
		x.perform(a)
	case CmdAttack:
		x.attack(a)
	case CmdMarkObj:
		x.objective(a)
	case CmdRotterAttack:
		x.rotterAttack(a)
	case CmdShortcut:
		x.shortcut(a)
	case CmdThrow, CmdExecuteSlave, CmdCallArtillery:
		x.throw(a)
	case CmdExplosionHit:
		x.explosionHit(a)
	default:
		a.Allowed = true
	}
}

// whole sets a command with no choices allowed unless Decide refused it.
func whole(a *console.Affordance, refusal string) {
	a.Allowed, a.Reason = refusal == "", refusal
}

// decide sets Allowed from the choices of the command's main argument: it
// is allowed when one of them is; otherwise the reason is theirs.
func decide(a *console.Affordance, main []console.Choice, none string) {
	for _, c := range main {
		if c.Disabled == "" {
			a.Allowed = true
			return
		}
	}
	a.Reason = none
	if r := common(main); r != "" {
		a.Reason = r
	}
}

// common is the Disabled text every choice shares, or "".
func common(cs []console.Choice) string {
	if len(cs) == 0 {
		return ""
	}
	r := cs[0].Disabled
	for _, c := range cs[1:] {
		if c.Disabled != r {
			return ""
		}
	}
	return r
}

func (x *prober) chooseRole(a *console.Affordance) {
	var ch []console.Choice
	for _, role := range x.g.scenario().Roles {
		note := fmt.Sprintf("up to %d gear value", role.MaxGearValue)
		if role.Max > 0 {
			note += "; " + playerRange(role.Min, role.Max)
		}
		ch = append(ch, console.Choice{Value: role.ID, Label: role.Name, Note: note,
			Disabled: x.refusal(CmdChooseRole, map[string]any{"role": role.ID})})
	}
	a.Args = []console.ArgChoices{{Arg: "role", Choices: nonNil(ch)}}
	decide(a, ch, "the scenario has no role left")
}

func (x *prober) chooseSide(a *console.Affordance) {
	var ch []console.Choice
	for _, s := range x.g.gameMap().Sides {
		ch = append(ch, console.Choice{Value: string(s), Label: string(s),
			Disabled: x.refusal(CmdChooseSide, map[string]any{"side": string(s)})})
	}
	a.Args = []console.ArgChoices{{Arg: "side", Choices: nonNil(ch)}}
	decide(a, ch, "the map has no side left")
}

func (x *prober) chooseTeam(a *console.Affordance) {
	var ch []console.Choice
	for _, t := range data().cont.Teams {
		c := console.Choice{Value: t.ID, Label: t.Name, Note: t.Tribe}
		es, err := x.try(CmdChooseTeam, map[string]any{"team": t.ID})
		if err != nil {
			c.Disabled = err.Error()
		} else if len(es) > 0 {
			var got Choice
			if console.Decode(es[0].Data, &got) == nil && got.GearValue > 0 {
				c.Note = fmt.Sprintf("%s, gear value %d", t.Tribe, got.GearValue)
			}
		}
		ch = append(ch, c)
	}
	a.Args = []console.ArgChoices{{Arg: "team", Choices: nonNil(ch)}}
	// An own team (team-json) is possible once the role is chosen.
	if x.g.Players[x.p].Role != "" {
		a.Allowed = true
		return
	}
	decide(a, ch, "no pre-made team fits")
}

// own is player p's characters, in the game's order.
func (x *prober) own() []*character { return x.g.teamChars(x.p) }

// charChoice is one of the seat's characters as a choice.
func charChoice(c *character, disabled string) console.Choice {
	return console.Choice{Value: c.ID, Label: c.Name, Disabled: disabled}
}

// tableSections are the map's sections on the table.
func (x *prober) tableSections() []content.Section {
	var out []content.Section
	for _, s := range x.g.gameMap().AllSections() {
		if s.Kind != content.SectionOffTable {
			out = append(out, s)
		}
	}
	return out
}

// sectionChoices are sections to choose: the letter on the map as the
// label, the name in words as the note (LR-W1).
func (x *prober) sectionChoices(secs []content.Section) []console.Choice {
	out := []console.Choice{}
	for _, s := range secs {
		out = append(out, x.sectionChoice(s))
	}
	return out
}

// sectionChoice is one section to choose: its letter and name, or for an
// off-table strip the edge it lies beyond, from the seat's side (LR-W2).
func (x *prober) sectionChoice(s content.Section) console.Choice {
	if s.Kind == content.SectionOffTable {
		return console.Choice{Value: s.ID, Label: upperFirst(x.g.sec(s.ID, x.p))}
	}
	return console.Choice{Value: s.ID, Label: s.Label, Note: SectionName(s.ID)}
}

func (x *prober) infiltrate(a *console.Affordance) {
	secs := x.tableSections()
	var chars []console.Choice
	for _, c := range x.own() {
		why := "the map has no section on the table"
		if len(secs) > 0 {
			why = x.refusal(CmdInfiltrate, map[string]any{"character": c.ID, "section": secs[0].ID})
		}
		chars = append(chars, charChoice(c, why))
	}
	a.Args = []console.ArgChoices{{Arg: "character", Choices: nonNil(chars)}, {Arg: "section", Choices: x.sectionChoices(secs)}}
	decide(a, chars, "you have no infiltrator to place")
}

func (x *prober) assign(a *console.Affordance) {
	var chars, acts []console.Choice
	for _, c := range x.own() {
		var mine []console.Choice
		for _, id := range c.Actions {
			act := data().rd.Action(id)
			if act == nil {
				continue
			}
			mine = append(mine, console.Choice{Value: id, Label: act.Name, Note: fmt.Sprintf("%d AP", act.AP), When: c.ID,
				Disabled: x.refusal(CmdAssign, map[string]any{"character": c.ID, "action": id})})
		}
		cc := charChoice(c, "")
		cc.Note = fmt.Sprintf("%d AP left", c.remaining())
		cc.Disabled = noneLeft(mine, c.Name+" can take no action now")
		chars, acts = append(chars, cc), append(acts, mine...)
	}
	a.Args = []console.ArgChoices{{Arg: "character", Choices: nonNil(chars)}, {Arg: "action", For: "character", Choices: nonNil(acts)}}
	decide(a, chars, "you have no character to assign actions to")
}

// noneLeft is "" when one of cs is enabled, else their common reason or
// fallback.
func noneLeft(cs []console.Choice, fallback string) string {
	for _, c := range cs {
		if c.Disabled == "" {
			return ""
		}
	}
	if r := common(cs); r != "" {
		return r
	}
	return fallback
}

func (x *prober) unassign(a *console.Affordance) {
	var chars, acts []console.Choice
	for _, c := range x.own() {
		var mine []console.Choice
		for _, as := range c.Assigned {
			mine = append(mine, console.Choice{Value: as.Action, Label: actionName(as.Action), When: c.ID,
				Disabled: x.refusal(CmdUnassign, map[string]any{"character": c.ID, "action": as.Action})})
		}
		chars, acts = append(chars, charChoice(c, noneLeft(mine, c.Name+" has no action assigned"))), append(acts, mine...)
	}
	a.Args = []console.ArgChoices{{Arg: "character", Choices: nonNil(chars)}, {Arg: "action", For: "character", Choices: nonNil(acts)}}
	decide(a, chars, "none of your characters has an action assigned")
}

func (x *prober) move(a *console.Affordance) {
	all := x.g.gameMap().AllSections()
	var chars, secs []console.Choice
	for _, c := range x.own() {
		var mine []console.Choice
		for _, s := range all {
			sc := x.sectionChoice(s)
			sc.When, sc.Disabled = c.ID, x.refusal(CmdMove, map[string]any{"character": c.ID, "section": s.ID})
			mine = append(mine, sc)
		}
		cc := charChoice(c, noneLeft(mine, c.Name+" cannot move now"))
		if c.Section != "" {
			if s, ok := x.g.gameMap().Section(c.Section); ok {
				cc.Note = x.g.in(s.ID, x.p)
			}
		}
		chars = append(chars, cc)
		if cc.Disabled == "" {
			secs = append(secs, mine...)
		}
	}
	a.Args = []console.ArgChoices{{Arg: "character", Choices: nonNil(chars)}, {Arg: "section", For: "character", Choices: nonNil(secs)}}
	decide(a, chars, "you have no character to move")
}

// needsFriend tells whether an action is performed for a friendly target.
func needsFriend(a *rules.Action) bool {
	return len(a.AddsFriendly) > 0 || len(a.RemovesFriendly) > 0 || a.ClearsWounds
}

// performTargets are the candidate targets of a performed action.
func (x *prober) performTargets(a *rules.Action) []console.Choice {
	var out []console.Choice
	switch {
	case a.ID == ActionRevealEnemy:
		var seen []string
		for _, id := range x.g.Players[x.p].Detected {
			if h := x.g.char(id); h != nil && h.hidden() && h.Section != "" && !contains(seen, h.Section) {
				seen = append(seen, h.Section)
			}
		}
		for _, sec := range seen {
			label := x.g.secShort(sec, x.p)
			out = append(out, console.Choice{Value: sec, Label: label, Note: "a hidden enemy detected " + x.g.in(sec, x.p), When: a.ID})
		}
	case needsFriend(a):
		for _, c := range x.own() {
			out = append(out, console.Choice{Value: c.ID, Label: c.Name, When: a.ID})
		}
	}
	return out
}

func (x *prober) perform(a *console.Affordance) {
	var chars, acts, targets []console.Choice
	done := map[string]bool{}
	targetOK := map[string]string{} // action/target -> "" once accepted
	for _, c := range x.own() {
		var ids []string
		for _, as := range c.Assigned {
			if !contains(ids, as.Action) {
				ids = append(ids, as.Action)
			}
		}
		if c.hidden() && !contains(ids, "reveal") {
			ids = append(ids, "reveal")
		}
		var mine []console.Choice
		for _, id := range ids {
			act := data().rd.Action(id)
			if act == nil || act.Attack != "" || act.Consumes != "" {
				continue
			}
			cands := x.performTargets(act)
			args := map[string]any{"character": c.ID, "action": id}
			why := ""
			if len(cands) == 0 {
				why = x.refusal(CmdPerform, args)
			} else {
				why = "no target for " + act.Name
				for _, t := range cands {
					args["target"] = t.Value
					r := x.refusal(CmdPerform, args)
					key := id + "\x00" + t.Value
					if prev, ok := targetOK[key]; !ok || prev != "" {
						targetOK[key] = r
					}
					if r == "" || why == "no target for "+act.Name {
						why = r
					}
				}
			}
			mine = append(mine, console.Choice{Value: id, Label: act.Name, When: c.ID, Disabled: why})
			if !done[id] && len(cands) > 0 {
				done[id] = true
				targets = append(targets, cands...)
			}
		}
		chars, acts = append(chars, charChoice(c, noneLeft(mine, c.Name+" has nothing to perform"))), append(acts, mine...)
	}
	for i := range targets {
		targets[i].Disabled = targetOK[targets[i].When+"\x00"+targets[i].Value]
	}
	a.Args = []console.ArgChoices{{Arg: "character", Choices: nonNil(chars)}, {Arg: "action", For: "character", Choices: nonNil(acts)}}
	if len(targets) > 0 {
		a.Args = append(a.Args, console.ArgChoices{Arg: "target", For: "action", Choices: targets})
	}
	decide(a, chars, "none of your characters has an action to perform")
}

// weaponsOf are the weapons c carries, once each.
func weaponsOf(c *character) []*rules.Weapon {
	var out []*rules.Weapon
	var seen []string
	for _, gid := range c.Gear {
		if k := data().rd.GearKind(gid); (k == "weapon" || k == "close-combat") && !contains(seen, gid) {
			if w := data().rd.Weapon(gid); w != nil {
				seen = append(seen, gid)
				out = append(out, w)
			}
		}
	}
	return out
}

// modeNote is a mode's statline.
func modeNote(m *rules.Mode) string {
	var b strings.Builder
	fmt.Fprintf(&b, "power %d/%d/%d/%d", m.Power.LightInfantry, m.Power.HeavyInfantry, m.Power.LightArmour, m.Power.HeavyArmour)
	if m.Range != nil {
		fmt.Fprintf(&b, "; range %+d/%+d/%+d", m.Range.Short, m.Range.Mid, m.Range.Long)
	}
	if m.Modifier != nil {
		fmt.Fprintf(&b, "; to hit %+d", *m.Modifier)
	}
	fmt.Fprintf(&b, "; %s", plural(m.MaxTargets, "target", "targets"))
	if m.RoundsPerAction > 0 {
		fmt.Fprintf(&b, "; %s", plural(m.RoundsPerAction, "round", "rounds"))
	}
	fmt.Fprintf(&b, "; suppression %d/%d", m.Suppression.Targeting, m.Suppression.Hit)
	return b.String()
}

// attackTargets are the enemies seat p can attack (visible and on the
// table; a down one too, since the attacker cannot tell pinned from dead)
// and the Rotter kinds.
func (x *prober) attackTargets() []console.Choice {
	var out []console.Choice
	for i := range x.g.Chars {
		t := &x.g.Chars[i]
		if t.Owner == x.p || t.hidden() || t.Section == "" {
			continue
		}
		label := t.Name + ", " + x.g.in(t.Section, x.p)
		out = append(out, console.Choice{Value: t.ID, Label: label})
	}
	for _, rk := range data().cont.Rotters {
		out = append(out, console.Choice{Value: "rotter:" + rk.ID, Label: fmt.Sprintf("a %s (%s Rotter)", rk.Name, rk.ID)})
	}
	return out
}

// needOf is the d20 score the first target of a declared attack needs.
func needOf(es []console.Event) string {
	var d AttackDeclared
	if len(es) > 0 && console.Decode(es[0].Data, &d) == nil && len(d.Attack.Targets) > 0 {
		return strconv.Itoa(d.Attack.Targets[0].Need)
	}
	return "?"
}

// bandDistances are entered distances (in the game's unit) in the short,
// mid and long range bands.
func (x *prober) bandDistances() []string {
	if x.g.Units == UnitsCM {
		return []string{"0", "381", "762"} // 0, 15" and 30", in millimetres
	}
	return []string{"0", "150", "300"}
}

// needHeader introduces a target's to-hit numbers.
func (x *prober) needHeader() string {
	return fmt.Sprintf("d20 needed without cover (ranged: short to %s/mid to %s/long): ",
		x.g.dist(rules.ShortRangeTenths), x.g.dist(rules.MidRangeTenths))
}

func (x *prober) attack(a *console.Affordance) {
	var chars, weapons, modes, targets, actions []console.Choice
	seenWeapon := map[string]bool{}
	cands := x.attackTargets()
	for _, c := range x.own() {
		// The character first, with its first weapon and mode: most
		// refusals (off the table, down, nothing assigned) are its own.
		var mine []console.Choice
		needs := make([][]string, len(cands))
		tWhy := make([]string, len(cands))
		accepted := make([]bool, len(cands))
		for _, w := range weaponsOf(c) {
			wc := console.Choice{Value: w.ID, Label: w.Name, When: c.ID, Note: "close combat"}
			if w.Kind == rules.Ranged {
				wc.Note = "ranged"
			}
			if w.Clip != nil {
				wc.Note += fmt.Sprintf("; %s of %d, %s left", w.Clip.Name, w.Clip.Rounds, plural(c.rounds(w.ID), "round", "rounds"))
			}
			var wWhy []console.Choice
			for mi := range w.Modes {
				m := &w.Modes[mi]
				args := map[string]any{"character": c.ID, "weapon": w.ID, "mode": m.ID}
				ok := false
				for ti, t := range cands {
					args["targets"] = t.Value
					if m.Kind == rules.Ranged {
						args["distances"] = "0"
					}
					es, err := x.try(CmdAttack, args)
					if err != nil {
						wWhy = append(wWhy, console.Choice{Disabled: err.Error()})
						if tWhy[ti] == "" {
							tWhy[ti] = err.Error()
						}
						if ti == 0 && !strings.Contains(err.Error(), t.Value) {
							break // not about the target: the same for every target
						}
						continue
					}
					ok = true
					accepted[ti] = true
					need := fmt.Sprintf("%s %s %s", w.Name, m.Name, needOf(es))
					if m.Kind == rules.Ranged {
						var bands []string
						for _, d := range x.bandDistances() {
							args["distances"] = d
							if es, err := x.try(CmdAttack, args); err == nil {
								bands = append(bands, needOf(es))
							}
						}
						need = fmt.Sprintf("%s %s %s", w.Name, m.Name, strings.Join(bands, "/"))
					}
					needs[ti] = append(needs[ti], need)
				}
				if ok {
					wWhy = append(wWhy, console.Choice{})
				}
			}
			if len(cands) == 0 {
				wc.Disabled = "no enemy to attack"
			} else {
				wc.Disabled = noneLeft(wWhy, "the "+w.Name+" cannot be used now")
			}
			mine = append(mine, wc)
			if !seenWeapon[w.ID] {
				seenWeapon[w.ID] = true
				for mi := range w.Modes {
					m := &w.Modes[mi]
					modes = append(modes, console.Choice{Value: m.ID, Label: m.Name, Note: modeNote(m), When: w.ID})
				}
			}
		}
		cc := charChoice(c, noneLeft(mine, c.Name+" has no weapon to attack with"))
		chars, weapons = append(chars, cc), append(weapons, mine...)
		if cc.Disabled != "" {
			continue
		}
		for ti, t := range cands {
			tc := t
			tc.When = c.ID
			if !accepted[ti] {
				tc.Disabled = tWhy[ti]
				if tc.Disabled == "" {
					tc.Disabled = "no weapon of " + c.Name + " can attack it now"
				}
			}
			if len(needs[ti]) > 0 {
				tc.Note = x.needHeader() + strings.Join(needs[ti], ", ")
			}
			targets = append(targets, tc)
		}
		for _, as := range c.Assigned {
			if act := data().rd.Action(as.Action); act != nil && act.Attack != "" && !as.Performed {
				actions = append(actions, console.Choice{Value: act.ID, Label: act.Name, When: c.ID})
			}
		}
	}
	covers := []string{"none", "light", "heavy"}
	if !x.g.Advanced {
		covers = []string{"none", "cover"}
	}
	var cv []console.Choice
	for _, w := range covers {
		cv = append(cv, console.Choice{Value: w, Label: w})
	}
	a.Args = []console.ArgChoices{
		{Arg: "character", Choices: nonNil(chars)},
		{Arg: "weapon", For: "character", Choices: nonNil(weapons)},
		{Arg: "mode", For: "weapon", Choices: nonNil(modes)},
		{Arg: "targets", For: "character", Choices: nonNil(targets)},
		{Arg: "cover", Choices: cv},
		{Arg: "action", For: "character", Choices: nonNil(actions)},
	}
	decide(a, chars, "none of your characters can attack now (each says why)")
}

func (x *prober) objective(a *console.Affordance) {
	var ch []console.Choice
	if role := x.g.scenario().Role(x.g.Players[x.p].Role); role != nil {
		for _, id := range role.Objectives {
			o := data().rd.Objective(id)
			if o == nil {
				continue
			}
			note := plural(o.Points, "point", "points")
			if o.MaxCount > 0 {
				note += ", at most " + times(o.MaxCount)
			}
			ch = append(ch, console.Choice{Value: id, Label: o.Name, Note: note,
				Disabled: x.refusal(CmdMarkObj, map[string]any{"objective": id, "count": "1"})})
		}
	}
	a.Args = []console.ArgChoices{{Arg: "objective", Choices: nonNil(ch)}}
	decide(a, ch, "your role has no objectives")
}

// visibleOnTable are the characters seat p sees on the table, any
// player's.
func (x *prober) visibleOnTable() []*character {
	var out []*character
	for i := range x.g.Chars {
		c := &x.g.Chars[i]
		if c.visibleTo(x.p) && c.Section != "" {
			out = append(out, c)
		}
	}
	return out
}

func (x *prober) rotterAttack(a *console.Affordance) {
	var chars, kinds []console.Choice
	for _, c := range x.visibleOnTable() {
		cc := charChoice(c, x.refusal(CmdRotterAttack, map[string]any{"character": c.ID, "kind": "normal", "count": "1"}))
		cc.Label = c.Name + " (" + string(x.g.seat(c.Owner)) + ")"
		chars = append(chars, cc)
	}
	for _, rk := range data().cont.Rotters {
		kinds = append(kinds, console.Choice{Value: rk.ID, Label: rk.Name})
	}
	a.Args = []console.ArgChoices{{Arg: "character", Choices: nonNil(chars)}, {Arg: "kind", Choices: nonNil(kinds)}}
	decide(a, chars, "no character on the table can be attacked by Rotters")
}

func (x *prober) shortcut(a *console.Affordance) {
	var ch []console.Choice
	for _, s := range data().rd.Shortcuts {
		ch = append(ch, console.Choice{Value: s.ID, Label: s.Name, Note: actionName(s.Action),
			Disabled: x.refusal(CmdShortcut, map[string]any{"shortcut": s.ID})})
	}
	a.Args = []console.ArgChoices{{Arg: "shortcut", Choices: nonNil(ch)}}
	decide(a, ch, "no shortcut")
}

// throw fills throw, execute-slave and call-artillery.
func (x *prober) throw(a *console.Affordance) {
	secs := x.tableSections()
	var chars, items []console.Choice
	for _, c := range x.own() {
		args := map[string]any{"character": c.ID}
		if len(secs) > 0 {
			args["section"] = secs[0].ID
		}
		if a.Cmd != CmdCallArtillery {
			args["distance"] = "0"
		}
		why := ""
		if a.Cmd == CmdThrow {
			var mine []console.Choice
			for _, gid := range c.Gear {
				it := data().rd.Consumable(gid)
				if it == nil || it.Category != data().rd.Action(ActionThrow).Consumes || contains(valuesOf(mine), gid) {
					continue
				}
				args["item"] = gid
				note := "unlimited range"
				if r := throwRange(c, it); r >= 0 {
					note = "range " + x.g.dist(r)
				}
				mine = append(mine, console.Choice{Value: gid, Label: it.Name, Note: note, When: c.ID, Disabled: x.refusal(a.Cmd, args)})
			}
			why = noneLeft(mine, c.Name+" carries no grenade")
			items = append(items, mine...)
		} else {
			why = x.refusal(a.Cmd, args)
		}
		chars = append(chars, charChoice(c, why))
	}
	a.Args = []console.ArgChoices{{Arg: "character", Choices: nonNil(chars)}}
	if a.Cmd == CmdThrow {
		a.Args = append(a.Args, console.ArgChoices{Arg: "item", For: "character", Choices: nonNil(items)})
	}
	a.Args = append(a.Args, console.ArgChoices{Arg: "section", Choices: x.sectionChoices(secs)})
	decide(a, chars, "none of your characters can do this now: "+cmdWords(a.Cmd)+" (each says why)")
}

func valuesOf(cs []console.Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Value
	}
	return out
}

func (x *prober) explosionHit(a *console.Affordance) {
	var ths, chars []console.Choice
	for _, t := range x.g.Throwables {
		tv := x.g.throwableView(t)
		id := strconv.Itoa(t.ID)
		tc := console.Choice{Value: id, Label: fmt.Sprintf("%s (%d), %s", tv.Name, t.ID, x.g.in(t.Section, x.p)), Note: tv.Area,
			Disabled: x.refusal(CmdExplosionHit, map[string]any{"throwable": id, "rotters": "0"})}
		ths = append(ths, tc)
		if tc.Disabled != "" {
			continue
		}
		for _, c := range x.visibleOnTable() {
			cc := charChoice(c, x.refusal(CmdExplosionHit, map[string]any{"throwable": id, "character": c.ID, "count": "1"}))
			cc.When, cc.Label = id, c.Name+" ("+string(x.g.seat(c.Owner))+")"
			if cc.Disabled != "" && x.refusal(CmdExplosionHit, map[string]any{"throwable": id, "character": c.ID, "count": "0"}) == "" {
				cc.Disabled, cc.Note = "", "entered already: entering none takes it back"
			}
			chars = append(chars, cc)
		}
	}
	a.Args = []console.ArgChoices{{Arg: "throwable", Choices: nonNil(ths)}, {Arg: "character", For: "throwable", Choices: nonNil(chars)}}
	decide(a, ths, "no throwable on the table has an area now")
}

// nonNil keeps an empty choice list an empty list on the wire.
func nonNil(cs []console.Choice) []console.Choice {
	if cs == nil {
		return []console.Choice{}
	}
	return cs
}
