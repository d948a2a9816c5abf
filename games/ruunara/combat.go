package ruunara

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara/card"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// Attack stages.
const (
	stageTrigger   = "trigger"
	stageRoll      = "roll"
	stageAssign    = "assign"
	stageCover     = "cover"
	stageCoverRoll = "cover-roll"
)

// actor finds the hero a seat-turn command names and checks it may act
// (SPEC.md §6.1: seat, then unit).
func (x *decider) actor(a console.Args) (*hero, card.Card, error) {
	h, c, err := x.heroArg(a)
	if err != nil {
		return nil, c, err
	}
	if err := x.g.canAct(h); err != nil {
		return nil, card.Card{}, err
	}
	return h, c, nil
}

// heroArg finds the commanding seat's hero a command names, free or not.
func (x *decider) heroArg(a console.Args) (*hero, card.Card, error) {
	g := x.g
	id := strings.TrimSpace(a.String("hero"))
	h := g.hero(id)
	if h == nil {
		if g.enemy(id) != nil || g.neutral(id) != nil {
			return nil, card.Card{}, console.RejectWith(console.ReasonBadInput, "%s is not a hero", strings.ToUpper(id))
		}
		return nil, card.Card{}, console.RejectWith(console.ReasonNotFound, "there is no hero %s", id)
	}
	if h.Seat != x.seat {
		return nil, card.Card{}, console.RejectWith(console.ReasonNotYourTurn, "%s is %s's hero", h.Name, g.seatName(h.Seat))
	}
	return h, g.heroCard(h), nil
}

// within is the engagement range in the commanding seat's unit (RU-D1).
func (x *decider) within() string {
	return rn.Format(x.g.Numbers.EngageRange, x.g.unitAt(x.seat))
}

// canAct refuses a hero that is not free (RU-D30).
func (g *state) canAct(h *hero) error {
	switch h.Status {
	case StatusCaptured:
		return console.Reject("%s is captured and cannot act or use abilities", h.Name) // l. 297
	case StatusExecuted:
		return console.Reject("%s was executed (round %d)", h.Name, h.GoneRound)
	case StatusRemoved:
		return console.Reject("%s is out of the game", h.Name)
	}
	return nil
}

// wrongPhase is RU-D63's refusal for a command of another phase.
func (g *state) wrongPhase(want string) error {
	switch want {
	case PhaseCombat:
		return console.RejectWith(console.ReasonWrongPhase, "attacks are made in the combat phase (this is the %s phase)", g.Phase)
	case PhaseMovement:
		return console.RejectWith(console.ReasonWrongPhase, "engagements are declared in the movement phase (this is the %s phase)", g.Phase)
	}
	return console.RejectWith(console.ReasonWrongPhase, "this is for the %s phase (this is the %s phase)", want, g.Phase)
}

// enemyArg finds a living enemy by id.
func (g *state) enemyArg(id string) (*enemy, error) {
	id = strings.ToUpper(strings.TrimSpace(id))
	e := g.enemy(id)
	if e == nil {
		if g.hero(id) != nil || g.neutral(id) != nil {
			return nil, console.RejectWith(console.ReasonBadInput, "%s is not an enemy", id)
		}
		return nil, console.RejectWith(console.ReasonNotFound, "there is no enemy %s", id)
	}
	if e.AI.Mode == rn.Dead {
		return nil, console.Reject("%s is dead", e.AI.ID)
	}
	return e, nil
}

// engage records a hero moving within 1" of enemies (RU-D54).
func (x *decider) engage(a console.Args) error {
	g := x.g
	if g.Phase != PhaseMovement {
		return g.wrongPhase(PhaseMovement)
	}
	h, _, err := x.actor(a)
	if err != nil {
		return err
	}
	var ids []string
	for _, id := range strings.Split(a.String("enemies"), ",") {
		if strings.TrimSpace(id) == "" {
			continue
		}
		e, err := g.enemyArg(id)
		if err != nil {
			return err
		}
		if g.engaged(h.ID, e.AI.ID) {
			return console.Reject("%s is already engaged with %s", h.Name, e.AI.ID)
		}
		if !contains(ids, e.AI.ID) {
			ids = append(ids, e.AI.ID)
		}
	}
	if len(ids) == 0 {
		return console.RejectTry(console.ReasonBadInput, "engage hero=H1 enemies=E1,E2", "name the enemies within %s", x.within())
	}
	x.engageNow(h.ID, ids, "hero")
	return nil
}

// engageNow records engagements, whoever made them, and tells the AI.
func (x *decider) engageNow(hero string, enemies []string, by string) {
	x.emit(EvEngaged, Engaged{Hero: hero, Enemies: enemies, By: by})
	x.siteEngage(hero, enemies)
	x.setModes(rn.OnHeroEngages(x.world(), x.enemiesAI(), hero, enemies))
}

// flee leaves close combat with a flee ability (RU-D42).
func (x *decider) flee(a console.Args) error {
	g := x.g
	h, c, err := x.heroArg(a)
	if err != nil {
		return err
	}
	ab, ok := c.Ability(strings.ToLower(strings.TrimSpace(a.String("ability"))))
	if ok && ab.Effect.Type == "flee" && !contains(ab.Phase, g.Phase) {
		return console.RejectWith(console.ReasonWrongPhase, "%s is used in the %s phase (this is the %s phase)", ab.Name, strings.Join(ab.Phase, " or "), g.Phase)
	}
	if err := g.canAct(h); err != nil {
		return err
	}
	if !ok || ab.Effect.Type != "flee" {
		return console.Reject("%s has no ability that lets them leave a close combat", h.Name) // l. 307
	}
	if len(g.engagedEnemies(h.ID)) == 0 {
		return console.Reject("%s is not engaged", h.Name)
	}
	if err := x.spendable(h.ID, h.Uses, ab); err != nil {
		return err
	}
	x.spend(h.ID, h.Uses, ab, nil, "")
	x.emit(EvFled, Fled{Hero: h.ID, Ability: ab.ID})
	s, orders := rn.OnFlee(x.world(), x.enemiesAI(), h.ID)
	x.setModes(s)
	x.orders(orders)
	return nil
}

// spendable refuses an ability with no use left (RU-D10).
func (x *decider) spendable(unit string, uses []use, ab card.Ability) error {
	if ab.Cycle.Per == "constant" {
		return console.Reject("%s is always active: it applies by itself", ab.Name)
	}
	left := ab.Cycle.Uses
	round := 0
	for _, u := range uses {
		if u.ID == ab.ID {
			left, round = u.Left, u.Round
		}
	}
	if left > 0 {
		return nil
	}
	switch ab.Cycle.Per {
	case "fight":
		return console.Reject("%s is used up for this fight (%s)", ab.Name, cycleWords(ab.Cycle))
	case "game":
		return console.Reject("%s is used up for this game (%s)", ab.Name, cycleWords(ab.Cycle))
	case "turn":
		if ab.Cycle.Uses == 1 {
			return console.Reject("%s can be used once per turn (already used in round %d)", ab.Name, round)
		}
		return console.Reject("%s can be used %d times per turn (all used in round %d)", ab.Name, ab.Cycle.Uses, round)
	}
	return console.Reject("%s has no use left", ab.Name)
}

// spend records a use (RU-D12); a fight ability starts the unit's fight
// (RU-D11).
func (x *decider) spend(unit string, uses []use, ab card.Ability, targets []string, text string) {
	left := ab.Cycle.Uses
	for _, u := range uses {
		if u.ID == ab.ID {
			left = u.Left
		}
	}
	x.emit(EvAbilityUsed, AbilityUsed{Unit: unit, Ability: ab.ID, Name: ab.Name, Targets: targets, Left: left - 1,
		Limited: ab.Cycle.Per != "constant", Round: x.g.Round, Text: text, Fight: ab.Cycle.Per == "fight"})
}

// attack starts a hero's one attack of the turn (RU-D19).
func (x *decider) attack(a console.Args) error {
	g := x.g
	if g.Phase != PhaseCombat {
		return g.wrongPhase(PhaseCombat)
	}
	h, c, err := x.actor(a)
	if err != nil {
		return err
	}
	if h.Attacked {
		return console.Reject("%s has already attacked this turn", h.Name)
	}
	engaged := g.engagedEnemies(h.ID)
	at := &attack{Attacker: h.ID, Stage: stageRoll}
	if a.String("kind") == "melee" {
		if len(engaged) == 0 {
			return console.Reject("%s is not engaged (no enemy within %s)", h.Name, x.within())
		}
		if !c.HasClose() {
			return console.Reject("%s has no close combat attack on the card", h.Name)
		}
		at.Targets, at.N, at.Hit = engaged, c.Close.N, c.Close.Hit
		for _, ab := range c.Abilities {
			if ab.Cycle.Per == "constant" && ab.Effect.Type == "on-die" && ab.Reach != "ranged" {
				at.OnDie, at.OnDieBy = ab.Effect.Min, ab.ID
			}
		}
	} else {
		if len(engaged) > 0 {
			return console.RejectTry(console.ReasonNotAllowed, "attack kind=melee", "%s is engaged in close combat and cannot shoot: attack in close combat instead", h.Name) // l. 339
		}
		if !c.HasRanged() {
			return console.Reject("%s has no ranged attack on the card", h.Name)
		}
		if !a.Has("target") || strings.TrimSpace(a.String("target")) == "" {
			return console.RejectWith(console.ReasonBadInput, "%s", errNameTarget)
		}
		e, err := g.enemyArg(a.String("target"))
		if err != nil {
			return err
		}
		at.Ranged, at.Targets, at.N, at.Hit = true, []string{e.AI.ID}, c.Ranged.N, c.Ranged.Hit
		for _, ab := range c.Abilities {
			if ab.Cycle.Per == "constant" && ab.Effect.Type == "on-die" && ab.Reach == "ranged" {
				at.OnDie, at.OnDieBy = ab.Effect.Min, ab.ID
			}
		}
	}
	x.attackMade(at, true)
	x.openRoll(at)
	return nil
}

// attackMade records an attack for the fights, the one-attack rule and the
// fight sites (RU-D11, RU-D19, RU-D34, RU-D36): the site is the attacked
// enemy's, or the shooting enemy's (RU-D33).
func (x *decider) attackMade(at *attack, basic bool) {
	act := Activity{Units: append([]string{at.Attacker}, at.Targets...), Round: x.g.Round}
	if !at.ByEnemy {
		act.Shooter = at.Attacker
		if basic {
			act.Attacker = at.Attacker
		}
	}
	anchor, heroes := "", []string(nil)
	if at.ByEnemy {
		anchor, heroes = at.Attacker, at.Targets
	} else if len(at.Targets) > 0 && x.g.enemy(at.Targets[0]) != nil {
		anchor, heroes = at.Targets[0], []string{at.Attacker}
	}
	if anchor != "" {
		if site := x.siteAttack(anchor, heroes, at.Ranged); site != "" {
			act.Sites = []string{site}
		}
	}
	x.emit(EvActivity, act)
}

// openRoll opens the dice prompt of an attack's current stage.
func (x *decider) openRoll(at *attack) {
	n, hit := at.N, at.Hit
	switch at.Stage {
	case stageTrigger:
		n, hit = 1, at.Trigger
	case stageCoverRoll:
		n, hit = at.hits(), x.g.Numbers.CoverSave
	}
	x.setPrompt(&prompt{Kind: PromptDice, N: n, Hit: hit, Purpose: x.g.purpose(at), Attack: at, Seat: -1})
}

// successes counts the attack dice that hit.
func (at *attack) successes() int {
	n := 0
	for _, f := range at.Faces {
		if f >= at.Hit {
			n++
		}
	}
	return n
}

// hits are the successes cover may cancel: a triggered instant kill is one.
func (at *attack) hits() int {
	if at.Instant && len(at.Faces) == 0 {
		return 1
	}
	return at.successes()
}

// purpose says what a dice prompt is for, in words.
func (g *state) purpose(at *attack) string {
	who := g.name(at.Attacker)
	switch at.Stage {
	case stageTrigger:
		return fmt.Sprintf("1 die, %s's %s, needs %d+", who, g.abilityName(at.Attacker, at.Ability), at.Trigger)
	case stageCoverRoll:
		return fmt.Sprintf("%d cover %s for %s, %d+ cancels a hit", at.hits(), map[bool]string{true: "die", false: "dice"}[at.hits() == 1], g.name(at.Targets[0]), g.Numbers.CoverSave)
	}
	what := "close combat"
	if at.Ranged {
		what = "ranged attack"
	}
	if at.Ability != "" {
		what = g.abilityName(at.Attacker, at.Ability)
	}
	if at.ByEnemy && at.Ability != "" {
		return fmt.Sprintf("%s's %s on %s: %s, hit on %d+", who, what, g.name(at.Targets[0]), nDice(at.N), at.Hit)
	}
	if at.ByEnemy {
		verb := "attacks"
		if at.Ranged {
			verb = "shoots"
		}
		return fmt.Sprintf("%s %s %s: %s, hit on %d+", who, verb, g.name(at.Targets[0]), nDice(at.N), at.Hit)
	}
	if at.Ranged || at.Ability != "" {
		return fmt.Sprintf("%s, %s %s on %s, hit on %d+", nDice(at.N), who, what, g.name(at.Targets[0]), at.Hit)
	}
	return fmt.Sprintf("%s, %s %s, hit on %d+", nDice(at.N), who, what, at.Hit)
}

// whoseAbility names an ability with its owner: "Naali's Hard like Steel".
func (g *state) whoseAbility(unit, id string) string {
	return g.name(unit) + "'s " + g.abilityName(unit, id)
}

// triggerWords is " (its trigger die showed 6, 4+ needed; more)" for an
// ability whose trigger die was rolled, " (more)" with more alone, else "".
func triggerWords(at *attack, more string) string {
	var parts []string
	if at.Trigger > 0 && at.TriggerFace > 0 {
		parts = append(parts, fmt.Sprintf("its trigger die showed %d, %d+ needed", at.TriggerFace, at.Trigger))
	}
	if more != "" {
		parts = append(parts, more)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

func (g *state) abilityName(unit, id string) string {
	var c card.Card
	if h := g.hero(unit); h != nil {
		c = g.heroCard(h)
	} else if e := g.enemy(unit); e != nil {
		c = g.enemyCard(e)
	}
	if ab, ok := c.Ability(id); ok {
		return ab.Name
	}
	return id
}

// roll answers the dice prompt (RU-D3).
func (x *decider) roll(a console.Args) error {
	g := x.g
	p := g.Prompt
	var faces []int
	by := "app"
	if v := strings.TrimSpace(a.String("values")); v != "" {
		for _, w := range strings.Split(v, ",") {
			w = strings.TrimSpace(w)
			f, err := strconv.Atoi(w)
			if w == "" {
				return console.RejectTry(console.ReasonBadInput, "roll values=3,5,2", "an empty value is not a die's face (1–6)")
			}
			if err != nil || f < 1 || f > 6 {
				return console.RejectWith(console.ReasonBadInput, "%s is not a die's face (1–6)", w)
			}
			faces = append(faces, f)
		}
		if len(faces) != p.N {
			return console.RejectWith(console.ReasonBadInput, "the prompt asks for %d dice (%s): %d given", p.N, p.Purpose, len(faces))
		}
		by = string(x.who)
	} else {
		for i := 0; i < p.N; i++ {
			faces = append(faces, x.dice.Roll(6))
		}
	}
	at := *p.Attack
	x.setPrompt(nil)
	switch at.Stage {
	case stageTrigger:
		at.TriggerFace = faces[0]
		x.emit(EvAttackRolled, AttackRolled{Attacker: at.Attacker, What: "trigger", Targets: at.Targets, N: 1, Hit: at.Trigger, Faces: faces, Successes: b2i(faces[0] >= at.Trigger), By: by})
		x.afterTrigger(&at)
	case stageRoll:
		at.Faces = faces
		x.emit(EvAttackRolled, AttackRolled{Attacker: at.Attacker, What: p.Purpose, Targets: at.Targets, N: at.N, Hit: at.Hit, Faces: faces, Successes: at.successes(), By: by})
		x.afterRoll(&at)
	case stageCoverRoll:
		cancelled := 0
		for _, f := range faces {
			if f >= g.Numbers.CoverSave {
				cancelled++
			}
		}
		at.Cancelled = cancelled
		x.emit(EvCoverRolled, CoverRolled{Target: at.Targets[0], Faces: faces, Cancelled: cancelled, By: by})
		x.resolveRanged(&at)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// afterTrigger applies an ability once its trigger die is known (RU-D12).
func (x *decider) afterTrigger(at *attack) {
	if at.TriggerFace < at.Trigger {
		// failed: nothing happens, but a ranged attempt on an enemy is still
		// a ranged attack on it (RU-D61)
		if at.Ranged && !at.ByEnemy {
			for _, t := range at.Targets {
				if x.g.enemy(t) != nil {
					x.rangedReaction(t, at.Attacker, true)
				}
			}
		}
		return
	}
	if at.ByEnemy {
		x.effect(at)
		return
	}
	x.applyAbility(at)
}

// effect starts an ability's effect on its target.
func (x *decider) effect(at *attack) {
	if at.Instant {
		if at.Ranged {
			x.askCover(at)
			return
		}
		if h := x.g.hero(at.Targets[0]); h != nil {
			x.damageHero(h.ID, h.HP, at.Attacker, false) // executed in hand-to-hand (RU-D24)
			return
		}
		x.killUnit(at.Targets[0], true, at.Attacker, "by "+x.g.whoseAbility(at.Attacker, at.Ability)+triggerWords(at, ""))
		return
	}
	at.Stage = stageRoll
	x.openRoll(at)
}

// afterRoll continues an attack once its dice are known.
func (x *decider) afterRoll(at *attack) {
	g := x.g
	if at.ByEnemy && !x.enemyAlive(at.Attacker) {
		return // removed by a table correction before its attack landed
	}
	if at.ByEnemy {
		if at.Ranged {
			if at.successes() == 0 {
				return
			}
			x.askCover(at)
			return
		}
		x.damageHero(at.Targets[0], at.successes(), at.Attacker, false)
		return
	}
	if at.Ranged {
		if at.successes() == 0 {
			x.rangedReaction(at.Targets[0], at.Attacker, true)
			return
		}
		x.askCover(at)
		return
	}
	// close combat: one living engaged enemy takes everything (RU-D20)
	var living []string
	for _, t := range at.Targets {
		if e := g.enemy(t); e != nil && e.AI.Mode != rn.Dead && g.engaged(at.Attacker, t) {
			living = append(living, t)
		}
	}
	if at.successes() == 0 || len(living) == 0 {
		return
	}
	if len(living) == 1 {
		var dice []dieTarget
		for i, f := range at.Faces {
			if f >= at.Hit {
				dice = append(dice, dieTarget{Die: i + 1, Target: living[0]})
			}
		}
		x.applyMelee(at, dice)
		return
	}
	at.Targets = living
	at.Stage = stageAssign
	x.setPrompt(&prompt{Kind: PromptAssign, N: at.successes(), Purpose: splitPurpose(at.successes(), living), Attack: at, Seat: -1})
}

// assignDice gives each successful die to an engaged enemy (RU-D20).
func (x *decider) assignDice(a console.Args) error {
	g := x.g
	at := *g.Prompt.Attack
	hp := map[string]int{}
	for _, t := range at.Targets {
		if e := g.enemy(t); e != nil {
			hp[t] = e.HP
		}
	}
	var dice []dieTarget
	seen := map[int]bool{}
	for _, part := range strings.Split(a.String("dice"), ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		ps, unit, ok := strings.Cut(part, ":")
		pos, err := strconv.Atoi(strings.TrimSpace(ps))
		if !ok || err != nil {
			return console.RejectTry(console.ReasonBadInput, "assign dice=1:E1,2:E2", "each hit goes to one engaged enemy (%q is not a die and an enemy)", part)
		}
		unit = strings.ToUpper(strings.TrimSpace(unit))
		if pos < 1 || pos > len(at.Faces) {
			return console.RejectWith(console.ReasonBadInput, "there is no die %d: the roll has %d dice", pos, len(at.Faces))
		}
		if at.Faces[pos-1] < at.Hit {
			return console.Reject("die %d (a %d) did not hit", pos, at.Faces[pos-1])
		}
		if seen[pos] {
			return console.RejectWith(console.ReasonBadInput, "die %d is assigned twice", pos)
		}
		seen[pos] = true
		if _, ok := hp[unit]; !ok {
			return console.Reject("%s is not engaged with %s", unit, g.name(at.Attacker))
		}
		if hp[unit] <= 0 {
			var other []string
			for _, t := range at.Targets {
				if hp[t] > 0 {
					other = append(other, t)
				}
			}
			if len(other) == 0 {
				continue // every engaged enemy is down: the die is wasted (RU-D20)
			}
			return console.Reject("%s is already dead: assign this die to %s", unit, strings.Join(other, " or "))
		}
		if at.OnDie > 0 && at.Faces[pos-1] >= at.OnDie {
			hp[unit] = 0
		} else {
			hp[unit]--
		}
		dice = append(dice, dieTarget{Die: pos, Target: unit})
	}
	alive := false
	for _, t := range at.Targets {
		alive = alive || hp[t] > 0
	}
	if len(seen) != at.successes() && alive {
		return console.RejectWith(console.ReasonBadInput, "give every hit to an enemy (%d of %d given)", len(seen), at.successes())
	}
	x.setPrompt(nil)
	x.emit(EvDiceAssigned, DiceAssigned{Attacker: at.Attacker, Dice: dice})
	x.applyMelee(&at, dice)
	return nil
}

// applyMelee deals close combat dice: one hit point each, or an instant
// kill for a die carrying the attacker's feature (RU-F72, RU-D41).
func (x *decider) applyMelee(at *attack, dice []dieTarget) {
	var order []string
	hits := map[string]int{}
	for _, d := range dice {
		e := x.g.enemy(d.Target)
		if e == nil || e.AI.Mode == rn.Dead {
			continue
		}
		if at.OnDie > 0 && at.Faces[d.Die-1] >= at.OnDie {
			x.killUnit(d.Target, true, at.Attacker, fmt.Sprintf("by %s: the die showed %d, and it kills on %d+",
				x.g.whoseAbility(at.Attacker, at.OnDieBy), at.Faces[d.Die-1], at.OnDie))
			continue
		}
		if hits[d.Target] == 0 {
			order = append(order, d.Target)
		}
		hits[d.Target]++
	}
	for _, t := range order {
		x.damageEnemy(t, hits[t], at.Attacker, "close combat")
	}
}

// reroll changes one die of the open roll (RU-D4): a close combat roll
// waiting for its assignment, or a roll (attack dice or an ability's
// trigger die) waiting for its cover question. The ability must be a text
// ability (the players say it grants the re-roll) of a free hero: the
// attacker's own when a hero rolled.
func (x *decider) reroll(a console.Args) error {
	g := x.g
	at := *g.Prompt.Attack
	if g.Prompt.Kind == PromptQuestion && g.Prompt.QKind != "cover" {
		return console.RejectWith(console.ReasonWrongPhase, "no roll is open for a re-roll: a roll closes when its hits are split or its cover question is answered")
	}
	abID := strings.ToLower(strings.TrimSpace(a.String("ability")))
	if abID == "" {
		return console.RejectTry(console.ReasonBadInput, "reroll die=1 value=4 ability=…", "name the card ability that grants the re-roll")
	}
	owner, ab := (*hero)(nil), card.Ability{}
	for _, h := range g.Heroes {
		if c, ok := g.heroCard(h).Ability(abID); ok && owner == nil {
			owner, ab = h, c
		}
	}
	if owner == nil {
		return console.RejectWith(console.ReasonNotFound, "no hero has an ability named %s", abID)
	}
	if ab.Effect.Type != "text" {
		return console.Reject("%s does not grant a re-roll", ab.Name)
	}
	if roller := g.hero(at.Attacker); roller != nil && roller.ID != owner.ID {
		return console.Reject("%s is %s's ability, not %s's", ab.Name, owner.Name, roller.Name)
	}
	if err := g.canAct(owner); err != nil {
		return err
	}
	die, value := a.Int("die"), a.Int("value")
	// a trigger die alone, before its cover question (RU-D12)
	if len(at.Faces) == 0 && at.Trigger > 0 && at.TriggerFace > 0 {
		if die != 1 {
			return console.RejectWith(console.ReasonBadInput, "there is no die %d: the roll was one trigger die", die)
		}
		before := at.TriggerFace
		at.TriggerFace = value
		x.emit(EvRerolled, Rerolled{Die: 1, Before: before, After: value, Ability: ab.ID, Unit: owner.ID})
		x.setPrompt(nil)
		x.afterTrigger(&at)
		return nil
	}
	if die > len(at.Faces) {
		return console.RejectWith(console.ReasonBadInput, "there is no die %d: the roll has %d dice", die, len(at.Faces))
	}
	before := at.Faces[die-1]
	faces := append([]int(nil), at.Faces...)
	faces[die-1] = value
	at.Faces, at.Rerolled = faces, true
	x.emit(EvRerolled, Rerolled{Die: die, Before: before, After: value, Ability: ab.ID, Unit: owner.ID})
	x.setPrompt(nil)
	x.afterRoll(&at)
	return nil
}

// askCover asks whether a ranged attack's target is under cover (RU-D22).
func (x *decider) askCover(at *attack) {
	at.Stage = stageCover
	t := at.Targets[0]
	q := rn.Question{Kind: "cover", Subject: t, Lines: []rn.Line{{Unit: t, Kind: "cover", Default: "no"}}}
	id := fmt.Sprintf("q%d", x.g.NextQ+1)
	x.emit(EvQuestionAsked, QuestionAsked{ID: id, Kind: "cover", Q: q, Seat: -1})
	x.setPrompt(&prompt{Kind: PromptQuestion, Q: q, QID: id, QKind: "cover", Attack: at, Seat: -1})
}

// coverAnswered rolls the cover dice or resolves without them.
func (x *decider) coverAnswered(at *attack, yes bool) {
	if yes && at.hits() > 0 {
		at.Stage = stageCoverRoll
		x.openRoll(at)
		return
	}
	x.resolveRanged(at)
}

// resolveRanged deals a ranged attack's hits left after cover.
func (x *decider) resolveRanged(at *attack) {
	hits := at.hits() - at.Cancelled
	if hits < 0 {
		hits = 0
	}
	target := at.Targets[0]
	if at.ByEnemy && !x.enemyAlive(at.Attacker) {
		return // removed by a table correction before its shot landed (RU-D27)
	}
	if at.ByEnemy {
		if at.Instant && len(at.Faces) == 0 {
			if h := x.g.hero(target); h != nil && hits > 0 {
				x.damageHero(target, h.HP, at.Attacker, true) // captured (RU-D24)
			}
			return
		}
		x.damageHero(target, hits, at.Attacker, true)
		return
	}
	if at.Instant && len(at.Faces) == 0 {
		if hits > 0 {
			x.killUnit(target, true, at.Attacker, "by "+x.g.whoseAbility(at.Attacker, at.Ability)+triggerWords(at, "no cover saved it"))
			return
		}
		x.rangedReaction(target, at.Attacker, true)
		return
	}
	// an instant-kill feature on ranged dice: the uncancelled dice that carry it
	if at.OnDie > 0 {
		kills := 0
		for _, f := range at.Faces {
			if f >= at.OnDie {
				kills++
			}
		}
		if kills > at.Cancelled {
			x.killUnit(target, true, at.Attacker, fmt.Sprintf("by %s: a die of %d+ that no cover cancelled",
				x.g.whoseAbility(at.Attacker, at.OnDieBy), at.OnDie))
			return
		}
	}
	how := "ranged attack"
	if at.Ability != "" {
		how = x.g.abilityName(at.Attacker, at.Ability)
	}
	died := x.damageEnemy(target, hits, at.Attacker, how)
	if !died {
		x.rangedReaction(target, at.Attacker, true)
	}
}

// enemyAlive reports whether enemy id is in the game.
func (x *decider) enemyAlive(id string) bool {
	e := x.g.enemy(id)
	return e != nil && e.AI.Mode != rn.Dead
}

// damageEnemy lowers an enemy's hit points; at 0 it dies (RU-D23). It
// reports whether the enemy died.
func (x *decider) damageEnemy(id string, n int, by, how string) bool {
	e := x.g.enemy(id)
	if e == nil || e.AI.Mode == rn.Dead || n <= 0 {
		return false
	}
	hp := e.HP - n
	if hp < 0 {
		hp = 0
	}
	x.emit(EvDamageDealt, DamageDealt{Target: id, Amount: e.HP - hp, HP: hp, Source: by})
	if hp == 0 {
		why := ""
		if by != "" {
			why = fmt.Sprintf("%s's %s took its last hit point", x.g.name(by), how)
		}
		x.killUnit(id, false, by, why)
		return true
	}
	return false
}

// killUnit removes an enemy (or neutral): captives freed, the AI told,
// the group asked after an instant kill (RU-D27, RU-D38, RU-D40, RU-D41).
func (x *decider) killUnit(id string, instant bool, by, why string) {
	g := x.g
	if n := g.neutral(id); n != nil {
		if !n.Dead {
			x.emit(EvUnitKilled, UnitKilled{Unit: id, Instant: instant, By: by, Why: why})
		}
		return
	}
	e := g.enemy(id)
	if e == nil || e.AI.Mode == rn.Dead {
		return
	}
	heroes := g.engagedHeroes(id)
	wasRangedTarget := g.hero(by) != nil && !g.engaged(by, id)
	x.emit(EvUnitKilled, UnitKilled{Unit: id, Instant: instant, By: by, Why: why})
	x.setModes(rn.OnRemoved(x.world(), x.enemiesAI(), id))
	// heroes left with no opponent: the engaged-turn count drops (RU-D25)
	for _, h := range heroes {
		if len(g.engagedEnemies(h)) == 0 {
			x.emit(EvCountTicked, CountTicked{Hero: h, Count: 0})
		}
	}
	x.freeCaptives(id)
	w := x.world()
	switch {
	case instant:
		s, orders, q := rn.OnInstantKill(w, x.enemiesAI(), id, by)
		x.setModes(s)
		x.orders(orders)
		x.pushFront(task{Kind: taskGroup, Q: q, Group: rn.GroupEvent{X: id, Shooter: by, Instant: true}})
	case wasRangedTarget:
		x.rangedReaction(id, by, false)
	}
	x.checkEnd()
}

// rangedReaction is RU-D61: the shot enemy turns and searches (if it
// survived) and its group is asked who rallies.
func (x *decider) rangedReaction(target, shooter string, survived bool) {
	s, orders, q := rn.OnRangedAttack(x.world(), x.enemiesAI(), target, shooter, survived)
	x.setModes(s)
	x.orders(orders)
	x.pushFront(task{Kind: taskGroup, Q: q, Group: rn.GroupEvent{X: target, Shooter: shooter}})
}

// freeCaptives frees the heroes whose last captor just fell (RU-D27, RU-D28).
func (x *decider) freeCaptives(dead string) {
	g := x.g
	for _, h := range g.Heroes {
		if h.Status != StatusCaptured || !contains(h.Captors, dead) {
			continue
		}
		alive := false
		for _, c := range h.Captors {
			if e := g.enemy(c); e != nil && e.AI.Mode != rn.Dead {
				alive = true
			}
		}
		if alive {
			continue
		}
		hp := h.HP
		if h.Cause == "ranged" {
			hp = g.Numbers.FreedHP
			if max := g.heroCard(h).HP; hp > max {
				hp = max
			}
		}
		x.emit(EvHeroFreed, HeroFreed{Hero: h.ID, HP: hp})
	}
}

// damageHero lowers a hero's hit points; at 0 it is executed (close
// combat) or captured (ranged) (RU-D23, RU-D24).
func (x *decider) damageHero(id string, n int, by string, ranged bool) {
	g := x.g
	h := g.hero(id)
	if h == nil || h.Status != StatusFree || n <= 0 {
		return
	}
	hp := h.HP - n
	if hp < 0 {
		hp = 0
	}
	x.emit(EvDamageDealt, DamageDealt{Target: id, Amount: h.HP - hp, HP: hp, Source: by})
	if hp > 0 {
		return
	}
	others := g.engagedEnemies(id)
	if ranged {
		x.emit(EvHeroCaptured, HeroCaptured{Hero: id, Cause: "ranged", Round: g.Round, Captors: []string{by}})
		s, orders := rn.OnCapture(x.world(), x.enemiesAI(), id, []string{by}, true)
		x.setModes(s)
		x.orders(orders)
	} else {
		x.emit(EvHeroExecuted, HeroExecuted{Hero: id, Cause: "melee", Round: g.Round})
	}
	x.heroGone(id, others)
}

// heroGone tells the AI a hero left the fight (executed, captured,
// removed) (RU-D43, RU-D49).
func (x *decider) heroGone(id string, _ []string) {
	s, orders := rn.OnHeroGone(x.world(), x.enemiesAI(), id)
	x.setModes(s)
	x.orders(orders)
	x.checkEnd()
}

// use plays a hero's ability (RU-D10…RU-D15).
func (x *decider) use(a console.Args) error {
	g := x.g
	h, c, err := x.heroArg(a)
	if err != nil {
		return err
	}
	ab, ok := c.Ability(strings.ToLower(strings.TrimSpace(a.String("ability"))))
	if !ok {
		return console.RejectWith(console.ReasonNotFound, "%s has no ability named %s", h.Name, a.String("ability"))
	}
	if !contains(ab.Phase, g.Phase) && ab.Cycle.Per != "constant" {
		return console.RejectWith(console.ReasonWrongPhase, "%s is used in the %s phase (this is the %s phase)", ab.Name, strings.Join(ab.Phase, " or "), g.Phase)
	}
	if err := g.canAct(h); err != nil {
		return err
	}
	if ab.Cycle.Per == "constant" {
		return console.Reject("%s is always active: it applies by itself", ab.Name)
	}
	if ab.Effect.Type == "flee" {
		return console.RejectTry(console.ReasonNotAllowed, "flee hero="+h.ID+" ability="+ab.ID, "%s lets %s leave a close combat: it is used as a flight in the movement phase", ab.Name, h.Name)
	}
	if err := x.spendable(h.ID, h.Uses, ab); err != nil {
		return err
	}
	engaged := g.engagedEnemies(h.ID)
	var targets []string
	switch ab.Target {
	case "single":
		t := strings.TrimSpace(a.String("target"))
		if t == "" {
			return console.RejectWith(console.ReasonBadInput, "name a target")
		}
		if ab.Effect.Type == "heal" {
			th := g.hero(t)
			if th == nil || th.Status != StatusFree {
				return console.Reject("%s heals a free hero, not %s", ab.Name, t)
			}
			targets = []string{th.ID}
			break
		}
		e, err := g.enemyArg(t)
		if err != nil {
			return err
		}
		targets = []string{e.AI.ID}
	case "self":
		targets = []string{h.ID}
	case "area":
		targets = engaged // a close combat area: every enemy engaged with the caster (l. 371)
	}
	harms := ab.Effect.Type == "instant-kill" || ab.Effect.Type == "attack"
	ranged := false
	if len(targets) == 1 && g.enemy(targets[0]) != nil {
		melee := g.engaged(h.ID, targets[0])
		switch ab.Reach {
		case "ranged":
			if len(engaged) > 0 {
				return console.Reject("%s is engaged in close combat and cannot use a ranged ability", h.Name) // l. 339
			}
			ranged = true
		case "melee":
			if !melee {
				return console.Reject("%s is not engaged with %s, and this ability works in close combat", targets[0], h.Name)
			}
		default:
			if !melee && len(engaged) > 0 {
				return console.Reject("%s is engaged in close combat and cannot use a ranged ability", h.Name) // l. 339
			}
			ranged = !melee
		}
	}
	areaAtRange := ab.Target == "area" && len(engaged) == 0 && harms
	if areaAtRange && ab.Reach == "melee" {
		return console.Reject("%s affects the enemies engaged with %s: there are none", ab.Name, h.Name)
	}
	x.spend(h.ID, h.Uses, ab, targets, ab.Text)
	at := &attack{Attacker: h.ID, Ability: ab.ID, Ranged: ranged, Targets: targets, Trigger: ab.Trigger,
		Instant: ab.Effect.Type == "instant-kill"}
	if ab.Effect.Dice != nil {
		at.N, at.Hit = ab.Effect.Dice.N, ab.Effect.Dice.Hit
	}
	if areaAtRange {
		// a ranged area: the players tick the enemies in it (RU-D15, RU-D56)
		at.Ranged = true
		var lines []rn.Line
		for _, e := range g.livingEnemies() {
			lines = append(lines, rn.Line{Unit: e.AI.ID, Kind: "area", Default: "no"})
		}
		x.ask(rn.Question{Kind: "area", Subject: ab.Name, Lines: lines}, "area", -1, "", task{Kind: taskArea, Attack: at})
		return nil
	}
	x.startAbility(at)
	return nil
}

// startAbility records an ability's targets as attacked (fights, sites),
// then rolls its trigger die or applies it (RU-D12).
func (x *decider) startAbility(at *attack) {
	for _, t := range at.Targets {
		if x.g.enemy(t) != nil {
			one := *at
			one.Targets = []string{t}
			x.attackMade(&one, false)
		}
	}
	if at.Trigger > 0 {
		at.Stage = stageTrigger
		x.openRoll(at)
		return
	}
	x.applyAbility(at)
}

// applyAbility applies a hero ability's effect once its trigger (if any)
// succeeded (RU-D14): heals, or the kill or the dice on each target in
// turn; a text effect is the players' to apply.
func (x *decider) applyAbility(at *attack) {
	g := x.g
	h := g.hero(at.Attacker)
	if h == nil {
		x.effect(at)
		return
	}
	ab, _ := g.heroCard(h).Ability(at.Ability)
	switch ab.Effect.Type {
	case "heal":
		targets := at.Targets
		if len(targets) == 0 {
			targets = []string{h.ID}
		}
		for _, t := range targets {
			if th := g.hero(t); th != nil && th.Status == StatusFree {
				hp := th.HP + ab.Effect.HP
				if max := g.heroCard(th).HP; hp > max {
					hp = max
				}
				x.emit(EvHealed, Healed{Target: th.ID, HP: hp})
			}
		}
	case "instant-kill", "attack":
		if len(at.Targets) == 1 {
			x.effect(at)
			return
		}
		var ts []task
		for _, t := range at.Targets {
			one := *at
			one.Targets = []string{t}
			ts = append(ts, task{Kind: taskEffect, Attack: &one})
		}
		x.pushFront(ts...)
	}
}

// endFightCmd ends a unit's fight by the players' ruling (RU-D11).
func (x *decider) endFightCmd(a console.Args) error {
	id := strings.ToUpper(strings.TrimSpace(a.String("unit")))
	if x.g.fightOf(id) == nil {
		return console.RejectWith(console.ReasonNotFound, "there is no unit %s", id)
	}
	x.emit(EvFightEnded, FightEnded{Unit: id})
	return nil
}

// nDice is "1 die" or "3 dice".
func nDice(n int) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

// splitPurpose is the split prompt in words: "give each of the 2 hits to
// E4 or E5", "give the hit to E4 or E5".
func splitPurpose(n int, targets []string) string {
	to := strings.Join(targets, " or ")
	if len(targets) > 2 {
		to = strings.Join(targets[:len(targets)-1], ", ") + " or " + targets[len(targets)-1]
	}
	if n == 1 {
		return "give the hit to " + to
	}
	return fmt.Sprintf("give each of the %d hits to %s", n, to)
}
