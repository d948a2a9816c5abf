package ruunara

import (
	"strconv"
	"strings"
)

// name is how a text shows a unit: an enemy (an id in World.Stats) by
// its id, as every example of the spec does ("E4 heard the fight at E1");
// a hero by its name (World.Names, else Hero.Name, else its id); a search
// site by its hero's name.
func (w World) name(id string) string {
	if h, ok := strings.CutPrefix(id, SearchPrefix); ok {
		return w.name(h)
	}
	if _, enemy := w.Stats[id]; enemy {
		return id
	}
	if n := w.Names[id]; n != "" {
		return n
	}
	if h, ok := w.hero(id); ok && h.Name != "" {
		return h.Name
	}
	return id
}

// Kind is the order's kind for the enemy-turn screen (§4.4): "move",
// "turn", "marker", "attack" or "info".
func (o Order) Kind() string {
	switch o.Template {
	case "post-marker":
		return "marker"
	case "rally-face", "face-shooter", "post-facing", "alert":
		return "turn"
	case "attack", "shoot":
		return "attack"
	case "guard", "ability":
		return "info"
	}
	return "move"
}

// Rule is the rule a question rests on, in the rulebook's words and unit
// u, for the prompt panel (RU-D56: every question shows its rule). The
// sources stay here: sight l. 234–236, 264 (RU-D17, RU-D32); in-range
// l. 263, 387 (RU-D18, RU-D44); results RU-D47; nearest l. 251
// (RU-D35); noise l. 246; group l. 270.
func (q Question) Rule(u Unit) string {
	switch q.Kind {
	case "sight":
		return "An enemy sees through the front face and front diagonals of its base, within its vision, with a clear line."
	case "in-range":
		return "The firing range is the card's range, else its vision."
	case "results":
		return "Tick each line that is now true; the rest are no."
	case "nearest":
		return "It engages the nearest hero of the fight."
	case "noise":
		return "A close combat is heard within " + Format(NoiseReach, u) + " by enemies that cannot see it."
	case "group":
		return "Enemies within " + Format(GroupReach, u) + " of each other respond together."
	}
	return ""
}

// list joins enemy ids as "E2, E3".
func list(ids []string) string { return strings.Join(ids, ", ") }

// Text writes the order in unit u (§4.5; RU-D1): heroes by name, enemies
// by id, distances in the seat's unit.
func (o Order) Text(w World, u Unit) string {
	e, h, x := o.Enemy, w.name(o.Hero), w.name(o.Other)
	d := Format(o.Dist, u)
	one := Format(EngageReach, u)
	switch o.Template {
	case "post-marker":
		return "Leave a post marker where " + e + " stands, with its facing."
	case "investigate":
		return e + " heard the fight at " + x + ": move " + d + " towards it."
	case "investigate-see":
		return e + " sees the fight: continue up to " + d + " towards " + h + " and engage it if you reach " + one + "."
	case "search":
		return e + " searches towards " + h + ", who shot it: move " + d + " towards " + h + "."
	case "search-see":
		return e + " sees " + h + ": continue up to " + d + " towards " + h + " and engage it if you reach " + one + "."
	case "engage":
		return e + " charges " + h + ": move up to " + d + " towards it and engage it if you reach " + one + "."
	case "shoot":
		if o.N > 0 {
			return e + " shoots " + h + ": " + dice(o.N, o.Hit) + "." // RU-X34
		}
		return e + " shoots " + h + "."
	case "close-in":
		return e + " closes in on " + h + ": move up to " + d + " towards it, stopping as soon as " + h + " is within " + Format(o.Range, u) + "."
	case "rally":
		return e + " rallies to " + x + ": move up to " + d + " towards it."
	case "rally-body":
		return e + " rallies to where " + x + " fell (leave a body marker there if there is none yet): move up to " + d + " towards it."
	case "rally-face":
		return "Turn " + e + " to face " + h + "."
	case "alert":
		their := "Their"
		if len(o.List) == 1 {
			their = "Its"
		}
		return "Leave a body marker where " + x + " fell. Turn " + list(o.List) + " to face it. " + their + " vision is " + d + " until the end of the next enemy turn."
	case "post-facing":
		return "Turn " + e + " back to its post facing."
	case "pursue":
		return e + " follows " + h + ": move up to " + d + " towards it and engage it if you reach " + one + "."
	case "give-up":
		return e + " gives up: return up to " + d + " towards its post marker."
	case "return":
		return e + " returns up to " + d + " towards its post marker; if it reaches it, stand it there with the marker's facing and remove the marker."
	case "guard-go":
		return e + " guards " + h + ": move up to " + d + " towards " + h + " and stand in contact."
	case "guard":
		return e + " guards " + h + "."
	case "face-shooter":
		return "Turn " + e + " to face " + h + ", who shot it."
	case "attack":
		return e + " attacks " + h + ": " + dice(o.N, o.Hit) + "."
	case "ability":
		// an enemy ability the players apply (RU-D46, RU-D14): the card text
		t := e + " uses " + o.Other
		if o.Hero != "" {
			t += " on " + h
		}
		if o.Note != "" {
			t += ": " + strings.TrimRight(o.Note, ".")
		}
		return t + "."
	}
	return e + " has an order the app cannot word: check its card."
}

// dice writes "2 dice, hit on 4+".
func dice(n, hit int) string {
	d := " dice"
	if n == 1 {
		d = " die"
	}
	return strconv.Itoa(n) + d + ", hit on " + strconv.Itoa(hit) + "+"
}

// Text writes the line as the prompt shows it, in unit u (§4.2). Each
// line is a whole sentence; noise and group lines are just the enemy (the
// question carries the sentence).
func (l Line) Text(w World, u Unit) string {
	e, t := l.Unit, w.name(l.Target)
	one := Format(EngageReach, u)
	switch l.Kind {
	case "sight":
		several := "If several, the nearest."
		if w.Stats[l.Unit].Shooter() {
			several = "If several, the first on its line of fire."
		}
		return "Which hero can " + e + " see now — front arc, within " + Format(l.Vision, u) + ", clear line? " + several
	case "in-range":
		return "Is " + t + " within " + e + "'s firing range, " + Format(l.Dist, u) + "?"
	case "vantage":
		return e + " — can it now see the fight at " + t + "?"
	case "search":
		return e + " — can it see " + t + " now?"
	case "contact":
		return e + " — is it now within " + one + " of " + t + "?"
	case "arrived-rally":
		return e + " — is it within " + one + " of " + t + " (or its body marker)?"
	case "arrived-post":
		return e + " — is it back at its post marker?"
	case "arrived-guard":
		return e + " — is it within " + one + " of the captive " + t + "?"
	case "range":
		return e + " — is " + t + " now within its firing range, " + Format(l.Dist, u) + "?"
	case "nearest":
		names := make([]string, len(l.Options))
		for i, o := range l.Options {
			names[i] = w.name(o)
		}
		return "Which hero of the fight at " + t + " is nearest to " + e + " — " + strings.Join(names, ", ") + "?"
	}
	return e
}

// Text writes the question's heading in unit u (§4.2): for a question
// of one line, that line's sentence; for a batch, what to do with the
// lines.
func (q Question) Text(w World, u Unit) string {
	switch q.Kind {
	case "noise":
		return "Which of these enemies are within " + Format(NoiseReach, u) + " of the fight at " + w.name(q.Subject) + " and cannot see it?"
	case "group":
		return "Which of these enemies are within " + Format(GroupReach, u) + " of " + w.name(q.Subject) + "?"
	}
	if len(q.Lines) == 1 {
		return q.Lines[0].Text(w, u)
	}
	switch q.Kind {
	case "sight":
		return "Which hero can each enemy see now — front arc, within its vision, clear line? If several, the nearest (a shooter: the first on its line of fire)."
	case "nearest":
		return "Which hero of its fight is nearest to each enemy?"
	}
	return "Tick each line that is now true:"
}
