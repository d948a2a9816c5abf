package card

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// CardFields are the keys DefineFields knows, in the order it reads them
// (RU-D59).
var CardFields = []string{"id", "name", "faction", "race", "hp", "move", "vision", "close", "ranged", "range", "size"}

// AbilityFields are the keys DefineAbility knows, in the order it reads
// them (RU-D59). A "card" key (which card the ability goes on) is the
// caller's and is ignored.
var AbilityFields = []string{"id", "name", "kind", "origin", "cycle", "trigger", "phase", "target", "reach", "effect", "text"}

// none is the value that sets a field to null (RU-D59).
const none = "none"

// NewCardSource is the source of a card created by DefineFields.
const NewCardSource = "players' card (RU-D59)"

// DefineFields is define-card by fields (RU-D59). With base nil it creates
// a card (fields must give id and faction; name defaults to the id; no
// abilities); with a base it changes only the fields given and keeps the
// rest, abilities included. "none" sets race, hp, move, vision, close,
// ranged, range or size to null. A bare distance is in unit u. The result
// is marked Custom; a field given a value is struck from Missing (the
// entries that start with its name). Refusals, one at a time in
// CardFields order: "faction must be ally, enemy or neutral", "hp must be
// a whole number of at least 1", "movement must be a distance such as 5in
// or 12.5cm", "close: hit score must be 1–6 (got 7)", "race must be
// ardann, kangara or sanbari", …
func DefineFields(base *Card, fields map[string]string, u rn.Unit) (Card, error) {
	fields, err := lowerKeys(fields)
	if err != nil {
		return Card{}, err
	}
	if err := unknownKeys(fields, CardFields, nil); err != nil {
		return Card{}, err
	}
	if id, ok := fields["id"]; ok {
		fields["id"] = strings.ToLower(strings.TrimSpace(id)) // RU-D58
	}
	var c Card
	if base == nil {
		id, ok := fields["id"]
		if !ok {
			return Card{}, fmt.Errorf("id is required for a new card")
		}
		if err := checkID(id); err != nil {
			return Card{}, err
		}
		if _, ok := fields["faction"]; !ok {
			return Card{}, fmt.Errorf("faction is required for a new card: ally, enemy or neutral")
		}
		c = Card{ID: id, Name: id, Source: NewCardSource}
	} else {
		c = clone(*base)
		if id, ok := fields["id"]; ok && id != c.ID {
			return Card{}, fmt.Errorf("id %s does not match the card being changed (%s)", id, c.ID)
		}
	}
	for _, k := range CardFields {
		v, ok := fields[k]
		if !ok || k == "id" {
			continue
		}
		v = strings.TrimSpace(v)
		null := strings.EqualFold(v, none)
		switch k {
		case "name":
			if v == "" {
				return Card{}, fmt.Errorf("name must not be empty")
			}
			c.Name = v
		case "faction":
			f := strings.ToLower(v)
			if err := checkFaction(f); err != nil {
				return Card{}, err
			}
			c.Faction = f
		case "race":
			if null {
				c.Race = ""
				break
			}
			r := strings.ToLower(v)
			if err := checkRace(r); err != nil {
				return Card{}, err
			}
			c.Race = r
		case "hp":
			if null {
				c.HP = 0
				break
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return Card{}, fmt.Errorf("hit points must be a whole number of at least 1 (got %q)", v)
			}
			if n > MaxHP {
				return Card{}, errHP(n)
			}
			c.HP = n
		case "move", "vision", "range":
			var t rn.Ticks
			if !null {
				var err error
				t, err = positiveDistance(v, u)
				if err != nil {
					return Card{}, fmt.Errorf("%s %w", distanceLabel[k], err)
				}
			}
			switch k {
			case "move":
				c.Move = t
			case "vision":
				c.Vision = t
			default:
				c.Range = t
			}
		case "close", "ranged":
			var d *Dice
			if !null {
				x, err := ParseDice(v)
				if err != nil {
					return Card{}, fmt.Errorf("%s: %w", diceLabel[k], err)
				}
				d = &x
			}
			if k == "close" {
				c.Close = d
			} else {
				c.Ranged = d
			}
		case "size":
			if null {
				c.Size = ""
			} else {
				c.Size = v
			}
		}
		if !null {
			c.Missing = strike(c.Missing, k)
		}
	}
	c.Custom = true
	if err := c.Validate(); err != nil {
		return Card{}, err
	}
	return c, nil
}

// distanceLabel names a distance field in refusals ("movement must be …").
var distanceLabel = map[string]string{"move": "movement", "vision": "vision", "range": "range"}

// diceLabel names a dice field in refusals.
var diceLabel = map[string]string{"close": "close combat dice", "ranged": "ranged dice"}

// strike removes the Missing entries about a field: those equal to its
// name or starting with its name and a space ("ranged (he has a ranged
// weapon …)"). "move" also strikes "movement".
func strike(missing []string, field string) []string {
	names := []string{field}
	if field == "move" {
		names = append(names, "movement")
	}
	var out []string
	for _, m := range missing {
		hit := false
		for _, n := range names {
			if m == n || strings.HasPrefix(m, n+" ") {
				hit = true
			}
		}
		if !hit {
			out = append(out, m)
		}
	}
	return out
}

// lowerKeys returns fields with lower-case keys (input is
// case-insensitive, RU-D58), refusing a key given twice ("hp" and "HP").
func lowerKeys(fields map[string]string) (map[string]string, error) {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make(map[string]string, len(fields))
	for _, k := range keys {
		l := strings.ToLower(strings.TrimSpace(k))
		if _, dup := out[l]; dup {
			return nil, fmt.Errorf("%s is given twice", l)
		}
		out[l] = fields[k]
	}
	return out, nil
}

// unknownKeys refuses a key outside known (and ignore), naming the first
// in sorted order so the message does not depend on map order.
func unknownKeys(fields map[string]string, known, ignore []string) error {
	var bad []string
	for k := range fields {
		if !slices.Contains(known, k) && !slices.Contains(ignore, k) {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	slices.Sort(bad)
	return fmt.Errorf("unknown field %s (known: %s)", bad[0], strings.Join(known, ", "))
}

// clone copies a card so that changing the copy's slices leaves the
// original alone.
func clone(c Card) Card {
	c.Abilities = slices.Clone(c.Abilities)
	for i := range c.Abilities {
		c.Abilities[i].Phase = slices.Clone(c.Abilities[i].Phase)
	}
	c.Missing = slices.Clone(c.Missing)
	return c
}

// cyclePattern is a cycle with uses: "1/F", "2/G", "1/T" (RU-D59).
var cyclePattern = regexp.MustCompile(`^([0-9]{1,2})\s*/\s*([FfGgTt])$`)

// errCycle is the refusal of a cycle (§6.2).
func errCycle(got string) error {
	return fmt.Errorf("cycle must look like 1/F, 2/G, 1/T or constant (got %q)", got)
}

// ParseCycle reads a cycle as the card editor takes it: "1/F", "2/F",
// "1/G", "1/T" (every turn) or "constant" (RU-D10, RU-D59).
func ParseCycle(s string) (Cycle, error) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "constant") {
		return Cycle{Per: PerConstant}, nil
	}
	m := cyclePattern.FindStringSubmatch(t)
	if m == nil {
		return Cycle{}, errCycle(s)
	}
	n, _ := strconv.Atoi(m[1])
	if n < 1 {
		return Cycle{}, errCycle(s)
	}
	per := map[string]string{"f": PerFight, "g": PerGame, "t": PerTurn}[strings.ToLower(m[2])]
	return Cycle{Per: per, Uses: n}, nil
}

// ParseEffect reads an effect as the card editor takes it (RU-D14,
// RU-D59): instant-kill, on-die:N:instant-kill, attack:DICE, heal:N, flee
// or text.
func ParseEffect(s string) (Effect, error) {
	t := strings.TrimSpace(s)
	parts := strings.Split(t, ":")
	switch {
	case len(parts) == 1 && (t == EffectInstantKill || t == EffectFlee || t == EffectText):
		return Effect{Type: t}, nil
	case len(parts) == 3 && parts[0] == EffectOnDie && parts[2] == EffectInstantKill:
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 1 || n > 6 {
			return Effect{}, fmt.Errorf("effect on-die: the die score must be 1–6 (got %q)", parts[1])
		}
		return Effect{Type: EffectOnDie, Min: n, Then: EffectInstantKill}, nil
	case len(parts) == 2 && parts[0] == EffectAttack:
		d, err := ParseDice(parts[1])
		if err != nil {
			return Effect{}, fmt.Errorf("effect attack: %w", err)
		}
		if d.N < 1 {
			return Effect{}, fmt.Errorf("effect attack: roll at least one die (got %q)", parts[1])
		}
		return Effect{Type: EffectAttack, Dice: &d}, nil
	case len(parts) == 2 && parts[0] == EffectHeal:
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 1 || n > MaxHP {
			return Effect{}, fmt.Errorf("effect heal: hit points must be a whole number of at least 1 (got %q)", parts[1])
		}
		return Effect{Type: EffectHeal, HP: n}, nil
	}
	return Effect{}, errEffect(s)
}

// DefineAbility is define-ability by fields (RU-D59): id, name, kind,
// origin, cycle, trigger, phase, target, reach, effect, text. cycle, kind,
// target and effect are required ("cycle is required …"); the rest take
// the §2.2 defaults: name = id, trigger none, phase by kind and effect
// (DefaultPhase), origin none. "none" clears origin, trigger and reach.
// A "card" key is ignored (the caller picks the card).
func DefineAbility(fields map[string]string) (Ability, error) {
	fields, err := lowerKeys(fields)
	if err != nil {
		return Ability{}, err
	}
	if err := unknownKeys(fields, AbilityFields, []string{"card"}); err != nil {
		return Ability{}, err
	}
	get := func(k string) (string, bool) {
		v, ok := fields[k]
		v = strings.TrimSpace(v)
		switch k {
		case "id", "kind", "origin", "target", "reach", "effect":
			v = strings.ToLower(v) // input is case-insensitive (RU-D58)
		}
		return v, ok
	}
	var a Ability
	id, ok := get("id")
	if !ok {
		return Ability{}, fmt.Errorf("id is required")
	}
	if err := checkID(id); err != nil {
		return Ability{}, err
	}
	a.ID, a.Name = id, id
	if v, ok := get("name"); ok {
		if v == "" {
			return Ability{}, fmt.Errorf("name must not be empty")
		}
		a.Name = v
	}
	for _, req := range []struct{ key, what string }{
		{"kind", "skill or spell"},
		{"cycle", "1/F, 2/G, 1/T or constant"},
		{"target", "self, single, area or none"},
		{"effect", "instant-kill, on-die:N:instant-kill, attack:DICE, heal:N, flee or text"},
	} {
		if _, ok := get(req.key); !ok {
			return Ability{}, fmt.Errorf("%s is required: %s", req.key, req.what)
		}
	}
	a.Kind, _ = get("kind")
	if a.Kind != Skill && a.Kind != Spell {
		return Ability{}, fmt.Errorf("kind must be skill or spell (got %q)", a.Kind)
	}
	if v, ok := get("origin"); ok && !strings.EqualFold(v, none) {
		if v != "racial" && v != "unit" {
			return Ability{}, fmt.Errorf("origin must be racial, unit or none (got %q)", v)
		}
		a.Origin = v
	}
	cv, _ := get("cycle")
	cyc, err := ParseCycle(cv)
	if err != nil {
		return Ability{}, err
	}
	a.Cycle = cyc
	if v, ok := get("trigger"); ok && !strings.EqualFold(v, none) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 6 {
			return Ability{}, fmt.Errorf("trigger must be 1–6 or none (got %q)", v)
		}
		a.Trigger = n
	}
	ev, _ := get("effect")
	eff, err := ParseEffect(ev)
	if err != nil {
		return Ability{}, err
	}
	a.Effect = eff
	if v, ok := get("phase"); ok && v != "" {
		var list []string
		for _, p := range strings.Split(v, ",") {
			p = strings.ToLower(strings.TrimSpace(p))
			if !slices.Contains(phases, p) {
				return Ability{}, fmt.Errorf("phase must be a comma list of tactical, movement, combat (got %q)", v)
			}
			if !slices.Contains(list, p) {
				list = append(list, p)
			}
		}
		// Turn order, whatever order they were typed in.
		slices.SortFunc(list, func(x, y string) int { return slices.Index(phases, x) - slices.Index(phases, y) })
		a.Phase = list
	} else {
		a.Phase = DefaultPhase(a.Kind, a.Effect.Type)
	}
	a.Target, _ = get("target")
	if v, ok := get("reach"); ok && !strings.EqualFold(v, none) {
		a.Reach = v
	}
	a.Text, _ = get("text")
	if err := a.Validate(); err != nil {
		return Ability{}, err
	}
	return a, nil
}

// WithAbility returns c with a added, or replacing the ability of the same
// id in its place (RU-D59). The result is marked Custom; c is unchanged.
func WithAbility(c Card, a Ability) Card {
	c = clone(c)
	a.Phase = slices.Clone(a.Phase)
	if i := slices.IndexFunc(c.Abilities, func(x Ability) bool { return x.ID == a.ID }); i >= 0 {
		c.Abilities[i] = a
	} else {
		c.Abilities = append(c.Abilities, a)
	}
	c.Custom = true
	return c
}

// WithoutAbility returns c without the ability id (remove-ability,
// RU-D59); refused "Crawler has no ability named lurk". The result is
// marked Custom; c is unchanged.
func WithoutAbility(c Card, id string) (Card, error) {
	i := slices.IndexFunc(c.Abilities, func(x Ability) bool { return x.ID == id })
	if i < 0 {
		return Card{}, fmt.Errorf("%s has no ability named %s", c.Name, id)
	}
	c = clone(c)
	c.Abilities = slices.Delete(c.Abilities, i, i+1)
	if len(c.Abilities) == 0 {
		c.Abilities = nil
	}
	c.Custom = true
	return c, nil
}
