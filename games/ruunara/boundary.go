package ruunara

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// boundary is the round boundary after the enemy turn of round r, in the
// order of SPEC.md §4.6.
func (x *decider) boundary() {
	g := x.g
	r := g.Round
	// 1. alert expiry, rally holds
	s, orders := rn.EndEnemyTurn(x.world(), x.enemiesAI())
	x.setModes(s)
	x.orders(orders)
	// 2. fights end (RU-D11): a round with nothing that keeps them going
	for _, h := range g.Heroes {
		if h.Fight.In && !h.Fight.Active && len(g.engagedEnemies(h.ID)) == 0 {
			x.emit(EvFightEnded, FightEnded{Unit: h.ID})
		}
	}
	for _, e := range g.Enemies {
		if e.AI.Mode != rn.Dead && e.Fight.In && !e.Fight.Active && len(g.engagedHeroes(e.AI.ID)) == 0 {
			x.emit(EvFightEnded, FightEnded{Unit: e.AI.ID})
		}
	}
	// 3. engaged-turn counts (RU-D25)
	for _, h := range g.Heroes {
		if h.Status != StatusFree {
			continue
		}
		c := 0
		if len(g.engagedEnemies(h.ID)) > 0 {
			c = h.Count + 1
		}
		if c != h.Count {
			x.emit(EvCountTicked, CountTicked{Hero: h.ID, Count: c})
		}
	}
	// 4. captures: engaged more than 4 consecutive turns (RU-F56, RU-D25)
	for _, h := range g.Heroes {
		if h.Status != StatusFree || h.Count <= g.Numbers.CaptureEngagedTurns {
			continue
		}
		captors := g.engagedEnemies(h.ID)
		x.emit(EvHeroCaptured, HeroCaptured{Hero: h.ID, Cause: "melee", Round: r, Captors: captors})
		s, orders := rn.OnCapture(x.world(), x.enemiesAI(), h.ID, captors, false)
		x.setModes(s)
		x.orders(orders)
	}
	// 5. executions at the start of round capturedRound + 4 (RU-D26)
	for _, h := range g.Heroes {
		if h.Status != StatusCaptured || h.CapturedRound+g.Numbers.CaptivityFullTurns+1 != r+1 {
			continue
		}
		x.emit(EvHeroExecuted, HeroExecuted{Hero: h.ID, Cause: "captivity", Round: r + 1})
		s, orders := rn.OnExecution(x.world(), x.enemiesAI(), h.ID)
		x.setModes(s)
		x.orders(orders)
	}
	// 6. per-turn abilities refill
	x.emit(EvRoundEnded, RoundEnded{Round: r})
	// the warnings one turn ahead: timers that run out in round r + 1
	for _, h := range g.Heroes {
		switch {
		case h.Status == StatusFree && h.Count == g.Numbers.CaptureEngagedTurns:
			x.emit(EvWarned, Warned{Hero: h.ID, Text: fmt.Sprintf("%s will be captured at the end of round %d if still engaged", h.Name, r+1)})
		case h.Status == StatusCaptured && h.CapturedRound+g.Numbers.CaptivityFullTurns == r+1:
			x.emit(EvWarned, Warned{Hero: h.ID, Text: fmt.Sprintf("round %d is the last chance to free %s: executed at the start of round %d", r+1, h.Name, r+2)})
		}
	}
	// 7. the end (RU-D50)
	if x.checkEnd() {
		return
	}
	if g.Mission.Rounds > 0 && r >= g.Mission.Rounds {
		x.emit(EvGameEnded, GameEnded{Result: "defeat", Reason: roundsOver(g.Mission.Rounds), Round: r})
		return
	}
	if r >= MaxRounds {
		x.emit(EvGameEnded, GameEnded{Result: "stopped", Reason: fmt.Sprintf("%d rounds played", MaxRounds), Round: r})
		return
	}
	// 8. the next round
	x.startSide(r+1, 0)
}

// checkEnd ends the game when no hero is free (defeat) or, when the
// mission asks for it, no enemy is left (victory) (RU-D50). It reports
// whether the game ended.
func (x *decider) checkEnd() bool {
	g := x.g
	if g.Stage != StagePlay {
		return g.Stage == StageOver
	}
	if len(g.freeHeroes(-1)) == 0 {
		x.emit(EvGameEnded, GameEnded{Result: "defeat", Reason: "no free hero", Round: g.Round})
		return true
	}
	for _, o := range g.Mission.Objectives {
		if o.Auto == "no-enemies" && len(g.livingEnemies()) == 0 {
			x.emit(EvGameEnded, GameEnded{Result: "victory", Reason: o.Text, Round: g.Round})
			return true
		}
	}
	return false
}

// killCmd removes a unit the app did not see die (RU-D57).
func (x *decider) killCmd(a console.Args) error {
	g := x.g
	id := strings.ToUpper(strings.TrimSpace(a.String("unit")))
	instant := a.String("instant") == "yes"
	if h := g.hero(id); h != nil {
		if h.Status == StatusExecuted || h.Status == StatusRemoved {
			return console.Reject("%s is already out of the game", h.Name)
		}
		others := g.engagedEnemies(h.ID)
		x.emit(EvHeroExecuted, HeroExecuted{Hero: h.ID, Cause: "removed", Round: g.Round})
		x.heroGone(h.ID, others)
		return nil
	}
	if e := g.enemy(id); e != nil {
		if e.AI.Mode == rn.Dead {
			return console.Reject("%s is dead", id)
		}
		x.killUnit(id, instant, "", "table ruling")
		return nil
	}
	if n := g.neutral(id); n != nil {
		if n.Dead {
			return console.Reject("%s is already removed", n.Name)
		}
		x.killUnit(id, false, "", "table ruling")
		return nil
	}
	return console.RejectWith(console.ReasonNotFound, "there is no unit %s", id)
}

// roundsOver is the end of a mission's last round in words.
func roundsOver(n int) string {
	if n == 1 {
		return "the mission's only round is over"
	}
	return fmt.Sprintf("the mission's %d rounds are over", n)
}

// captiveWords is a hero's captive state after a correction, in words.
func captiveWords(h hero) string {
	if h.Status != StatusCaptured {
		return "free"
	}
	how := "captured by a shot"
	if h.Cause == "melee" {
		how = "captured in close combat"
	}
	how += fmt.Sprintf(" in round %d", h.CapturedRound)
	if len(h.Captors) > 0 {
		how += " by " + strings.Join(h.Captors, ", ")
	}
	return how
}

// adjustWords names adjust's number fields in refusals.
var adjustWords = map[string]string{"hp": "hit points", "count": "the count of engaged turns"}

// adjust is a table correction (RU-D57): it never triggers AI reactions.
func (x *decider) adjust(a console.Args) error {
	g := x.g
	id := strings.ToUpper(strings.TrimSpace(a.String("unit")))
	num := func(name string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(a.String(name)))
		if err != nil || n < lo || n > hi {
			return 0, console.RejectWith(console.ReasonBadInput, "%s must be %d–%d for %s", adjustWords[name], lo, hi, g.name(id))
		}
		return n, nil
	}
	if h := g.hero(id); h != nil {
		if h.Status == StatusExecuted || h.Status == StatusRemoved {
			return console.Reject("%s was executed (round %d) and is out of the game for good: take back the command that did it instead", h.Name, h.GoneRound) // l. 303
		}
		nh := *h
		nh.Captors = append([]string(nil), h.Captors...)
		nh.Uses = append([]use(nil), h.Uses...)
		var changes []string
		c := g.heroCard(h)
		if a.Has("hp") {
			n, err := num("hp", 0, c.HP)
			if err != nil {
				return err
			}
			changes = append(changes, fmt.Sprintf("hit points %d → %d", h.HP, n))
			nh.HP = n
		}
		if a.Has("count") {
			n, err := num("count", 0, g.Numbers.CaptureEngagedTurns)
			if err != nil {
				return err
			}
			changes = append(changes, fmt.Sprintf("engaged turns %d → %d", h.Count, n))
			nh.Count = n
		}
		if a.Has("uses") {
			ab, n, err := x.usesArg(a.String("uses"), c.Abilities)
			if err != nil {
				return err
			}
			if abl, _ := c.Ability(ab); abl.Cycle.Per == "constant" || n > abl.Cycle.Uses {
				return console.RejectWith(console.ReasonBadInput, "%s has %d use%s per %s: the uses left must be 0–%d", abl.Name, abl.Cycle.Uses, plural(abl.Cycle.Uses), abl.Cycle.Per, abl.Cycle.Uses)
			}
			usesOf(&nh.Uses, ab, 0).Left = n
			abl, _ := c.Ability(ab)
			changes = append(changes, fmt.Sprintf("%s: %d use%s left", abl.Name, n, plural(n)))
		}
		if a.Has("captive") {
			v := strings.ToLower(strings.TrimSpace(a.String("captive")))
			if v == "no" {
				nh.Status, nh.Cause, nh.CapturedRound, nh.Captors = StatusFree, "", 0, nil
			} else {
				parts := strings.Split(v, ":")
				var r int
				err := error(nil)
				if len(parts) >= 2 {
					r, err = strconv.Atoi(parts[1])
				}
				if len(parts) < 2 || len(parts) > 3 || err != nil || (parts[0] != "melee" && parts[0] != "ranged") || r < 1 || r > g.Round {
					return console.RejectTry(console.ReasonBadInput, "adjust captive=ranged:3:E7", "a captive is taken in close combat or by a shot in a round from 1 to %d, by its captors", g.Round)
				}
				nh.Status, nh.Cause, nh.CapturedRound, nh.Captors = StatusCaptured, parts[0], r, nil
				if len(parts) == 3 {
					for _, c := range strings.Split(parts[2], "+") {
						e, err := g.enemyArg(c)
						if err != nil {
							return err
						}
						nh.Captors = append(nh.Captors, e.AI.ID)
					}
				}
			}
			changes = append(changes, captiveWords(nh))
		}
		if len(changes) == 0 && !a.Has("engaged") {
			return console.RejectTry(console.ReasonBadInput, "adjust hp= count= uses= captive= engaged=", "say what to change for %s", h.Name)
		}
		ev := Adjusted{Unit: h.ID, Field: strings.Join(changes, ", "), Hero: &nh}
		if a.Has("engaged") {
			if nh.Status != StatusFree {
				return console.Reject("%s is captured: a captive is engaged with nobody", h.Name) // RU-D30
			}
			pairs, err := x.engagedArg(h.ID, a.String("engaged"))
			if err != nil {
				return err
			}
			ev.Pairs, ev.SetPairs = pairs, true
			ev.Field = strings.TrimPrefix(ev.Field+", engaged → "+a.String("engaged"), ", ")
		}
		x.emit(EvAdjusted, ev)
		return nil
	}
	if e := g.enemy(id); e != nil {
		ne := *e
		ne.Uses = append([]use(nil), e.Uses...)
		var changes []string
		c := g.enemyCard(e)
		if a.Has("hp") {
			n, err := num("hp", 1, c.HP)
			if err != nil {
				return err
			}
			changes = append(changes, fmt.Sprintf("hit points %d → %d", e.HP, n))
			ne.HP = n
		}
		if e.AI.Mode == rn.Dead {
			return console.Reject("%s is dead: take back the command that killed it instead", id)
		}
		if a.Has("mode") {
			m, ok := rn.ParseMode(a.String("mode"))
			if !ok || m == rn.Dead {
				return console.RejectTry(console.ReasonBadInput, "adjust mode=posted|returning|investigating|rallying|alert|pursuing|engaging|guarding|engaged", "an enemy is posted, returning, investigating, rallying, alert, pursuing, engaging, guarding or engaged (a dead one is removed with a kill)")
			}
			if m == rn.Engaged && len(g.engagedHeroes(id)) == 0 && !a.Has("engaged") {
				return console.RejectTry(console.ReasonBadInput, "adjust engaged=H1", "an engaged enemy is engaged with a hero: name the hero too")
			}
			changes = append(changes, fmt.Sprintf("%s → %s", e.AI.Mode, m))
			ne.AI.Mode = m
		}
		if a.Has("offpost") {
			v := strings.ToLower(a.String("offpost"))
			if v != "yes" && v != "no" {
				return console.RejectTry(console.ReasonBadInput, "adjust offpost=yes", "say yes or no for the post marker")
			}
			ne.AI.OffPost = v == "yes"
			changes = append(changes, "post marker out: "+v)
		}
		if a.Has("target") {
			t := strings.ToUpper(strings.TrimSpace(a.String("target")))
			switch ne.AI.Mode {
			case rn.Rallying:
				if g.enemy(t) == nil {
					return console.RejectWith(console.ReasonBadInput, "a rallying enemy's target is an enemy, not %s", t)
				}
			default:
				if h := g.hero(t); h == nil {
					return console.RejectWith(console.ReasonBadInput, "the target must be a hero, not %s", t)
				}
			}
			ne.AI.Target = t
			changes = append(changes, "target → "+ne.AI.Target)
		}
		if len(changes) == 0 && !a.Has("engaged") {
			return console.RejectTry(console.ReasonBadInput, "adjust hp= mode= offpost= target= engaged=", "say what to change for %s", id)
		}
		ev := Adjusted{Unit: id, Field: strings.Join(changes, ", "), Enemy: &ne}
		if a.Has("engaged") {
			var pairs []rn.Pair
			for _, p := range g.Pairs {
				if p.Enemy != id {
					pairs = append(pairs, p)
				}
			}
			v := strings.TrimSpace(a.String("engaged"))
			if !strings.EqualFold(v, "none") {
				for _, hid := range strings.Split(v, ",") {
					hh := g.hero(strings.TrimSpace(hid))
					if hh == nil || hh.Status != StatusFree {
						return console.RejectTry(console.ReasonBadInput, "adjust engaged=H1,H2", "an enemy is engaged with free heroes, or with none")
					}
					if p := (rn.Pair{Hero: hh.ID, Enemy: id}); !containsPair(pairs, p) {
						pairs = append(pairs, p)
					}
				}
			}
			ev.Pairs, ev.SetPairs = pairs, true
			ev.Field = strings.TrimPrefix(ev.Field+", engaged → "+v, ", ")
		}
		x.emit(EvAdjusted, ev)
		return nil
	}
	if n := g.neutral(id); n != nil {
		if !a.Has("hp") {
			return console.RejectTry(console.ReasonBadInput, "adjust hp=", "%s is a neutral: only its hit points can be corrected", n.Name)
		}
		c, _ := g.card(n.Card)
		hp, err := num("hp", 1, c.HP)
		if err != nil {
			return err
		}
		x.emit(EvAdjusted, Adjusted{Unit: id, Field: fmt.Sprintf("hit points %d → %d", n.HP, hp), NeutralHP: hp, Neutral: true})
		return nil
	}
	return console.RejectWith(console.ReasonNotFound, "there is no unit %s", id)
}

func (x *decider) engagedArg(hero, v string) ([]rn.Pair, error) {
	g := x.g
	var pairs []rn.Pair
	for _, p := range g.Pairs {
		if p.Hero != hero {
			pairs = append(pairs, p)
		}
	}
	v = strings.TrimSpace(v)
	if strings.EqualFold(v, "none") {
		return pairs, nil
	}
	for _, id := range strings.Split(v, ",") {
		e, err := g.enemyArg(id)
		if err != nil {
			return nil, err
		}
		p := rn.Pair{Hero: hero, Enemy: e.AI.ID}
		if !containsPair(pairs, p) {
			pairs = append(pairs, p)
		}
	}
	return pairs, nil
}

func (x *decider) usesArg(v string, abs []cardAbility) (string, int, error) {
	id, ns, ok := strings.Cut(strings.TrimSpace(v), ":")
	n, err := strconv.Atoi(ns)
	if !ok || err != nil || n < 0 || n > 99 {
		return "", 0, console.RejectTry(console.ReasonBadInput, "adjust uses=war-cry:1", "say which ability and how many uses are left")
	}
	for _, a := range abs {
		if a.ID == strings.ToLower(id) {
			return a.ID, n, nil
		}
	}
	return "", 0, console.RejectWith(console.ReasonNotFound, "there is no such ability (%s)", id)
}

func containsPair(list []rn.Pair, p rn.Pair) bool {
	for _, q := range list {
		if q == p {
			return true
		}
	}
	return false
}
