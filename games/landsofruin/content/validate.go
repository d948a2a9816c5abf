package content

import (
	"fmt"
)

// validate checks everything that needs no rules tables and builds the
// id index.
func (c *Content) validate() error {
	var errs errList
	c.byID = map[string]int{}
	index := func(file, kind, id string, i int) bool {
		key := kind + ":" + id
		if id == "" {
			errs.add("%s: %s #%d: id: empty", file, kind, i+1)
			return false
		}
		if _, dup := c.byID[key]; dup {
			errs.add("%s: %s %q: id: duplicate", file, kind, id)
			return false
		}
		c.byID[key] = i
		return true
	}

	// tribes.json
	for i, k := range c.CohortKinds {
		w := fmt.Sprintf("%s: cohort kind %q", TribesFile, k.ID)
		switch k.ID {
		case KindIndependent, KindCloseSupport, KindSlave:
		default:
			errs.add("%s: id: must be independent, close-support or slave", w)
		}
		index(TribesFile, "cohort-kind", k.ID, i)
		if k.Name == "" {
			errs.add("%s: name: empty", w)
		}
		if k.MinMembers < 1 || k.MaxMembers < k.MinMembers || k.MaxMembers > 10 {
			errs.add("%s: min_members/max_members %d/%d: need 1 ≤ min ≤ max ≤ 10", w, k.MinMembers, k.MaxMembers)
		}
		if k.MaxPerHero < 0 {
			errs.add("%s: max_per_hero %d: negative", w, k.MaxPerHero)
		}
		switch k.Movement {
		case "own", "hero", "with-hero":
		default:
			errs.add("%s: movement %q: must be own, hero or with-hero", w, k.Movement)
		}
		if k.CoherencyTenths < 0 {
			errs.add("%s: coherency %d: negative", w, k.CoherencyTenths)
		}
		if k.HitOnHeroToCohortPct < 0 || k.HitOnHeroToCohortPct > 100 {
			errs.add("%s: hit_on_hero_to_cohort_pct %d: must be 0–100", w, k.HitOnHeroToCohortPct)
		}
	}
	for _, need := range []string{KindIndependent, KindCloseSupport, KindSlave} {
		if _, ok := c.byID["cohort-kind:"+need]; !ok {
			errs.add("%s: cohort_kinds: %q is missing", TribesFile, need)
		}
	}
	r := c.TeamRules
	if r.MinModels < 1 || r.MaxModels < r.MinModels {
		errs.add("%s: team_rules: min_models/max_models %d/%d: need 1 ≤ min ≤ max", TribesFile, r.MinModels, r.MaxModels)
	}
	if r.DefaultMaxGearValue <= 0 {
		errs.add("%s: team_rules: default_max_gear_value %d: must be positive", TribesFile, r.DefaultMaxGearValue)
	}
	if r.MaxLoadGrams <= 0 {
		errs.add("%s: team_rules: max_load_grams %d: must be positive", TribesFile, r.MaxLoadGrams)
	}
	if r.RootSkill == "" {
		errs.add("%s: team_rules: root_skill: empty", TribesFile)
	}
	if len(c.Tribes) == 0 {
		errs.add("%s: tribes: none", TribesFile)
	}
	for i, t := range c.Tribes {
		w := fmt.Sprintf("%s: tribe %q", TribesFile, t.ID)
		index(TribesFile, "tribe", t.ID, i)
		if t.Name == "" {
			errs.add("%s: name: empty", w)
		}
		for _, k := range t.CohortKinds {
			if _, ok := c.byID["cohort-kind:"+k]; !ok {
				errs.add("%s: cohort_kinds: unknown cohort kind %q", w, k)
			}
		}
		for j, id := range append(append([]string(nil), t.ExclusiveGear...), t.ExclusiveSkills...) {
			if id == "" {
				errs.add("%s: exclusive_gear/exclusive_skills #%d: empty id", w, j+1)
			}
		}
		seen := map[string]bool{}
		for j, tr := range t.Traits {
			if tr.ID == "" || seen[tr.ID] {
				errs.add("%s: traits #%d %q: id empty or duplicate", w, j+1, tr.ID)
			}
			seen[tr.ID] = true
			if tr.Text == "" {
				errs.add("%s: trait %q: text: empty", w, tr.ID)
			}
		}
	}

	// characters.json
	for i := range c.Characters {
		index(CharactersFile, "character", c.Characters[i].ID, i)
	}
	for i := range c.Characters {
		c.checkCharacter(&c.Characters[i], CharactersFile, nil, &errs)
	}
	for i, t := range c.Teams {
		w := fmt.Sprintf("%s: team %q", CharactersFile, t.ID)
		index(CharactersFile, "team", t.ID, i)
		if t.Name == "" {
			errs.add("%s: name: empty", w)
		}
		if _, ok := c.byID["tribe:"+t.Tribe]; !ok {
			errs.add("%s: tribe: unknown tribe %q", w, t.Tribe)
		}
		for j, m := range t.Members {
			if _, ok := c.byID["character:"+m.Character]; !ok {
				errs.add("%s: members[%d]: unknown character %q", w, j, m.Character)
			}
		}
	}

	// rotters.json
	rr := c.RotterRules
	if rr.AggroRangeTenths <= 0 || rr.SpawnExclusionTenths < 0 || rr.AttackTargetNumber < 1 || rr.AttackTargetNumber > 20 {
		errs.add("%s: rules: aggro_range must be positive, spawn_exclusion non-negative, attack_target 1–20", RottersFile)
	}
	for _, p := range []int{rr.LurkerChancePct, rr.LurkerAttackChancePct} {
		if p < 0 || p > 100 {
			errs.add("%s: rules: lurker chances must be 0–100 %%, got %d", RottersFile, p)
		}
	}
	for i, k := range c.Rotters {
		w := fmt.Sprintf("%s: rotter %q", RottersFile, k.ID)
		index(RottersFile, "rotter", k.ID, i)
		if k.Name == "" {
			errs.add("%s: name: empty", w)
		}
		if k.MoveTenths <= 0 {
			errs.add("%s: move %d: must be positive", w, k.MoveTenths)
		}
		if k.Power < 0 || k.HitSuppression < 0 || k.HitSuppression > 100 || k.MissSuppression < 0 || k.MissSuppression > 100 {
			errs.add("%s: power must be ≥ 0 and suppressions 0–100", w)
		}
	}
	for _, need := range []string{"normal", "fast", "fat"} {
		if _, ok := c.byID["rotter:"+need]; !ok {
			errs.add("%s: rotters: kind %q is missing", RottersFile, need)
		}
	}

	// maps.json
	if len(c.Maps) == 0 {
		errs.add("%s: maps: none", MapsFile)
	}
	for i := range c.Maps {
		m := &c.Maps[i]
		if !index(MapsFile, "map", m.ID, i) {
			continue
		}
		w := fmt.Sprintf("%s: map %q", MapsFile, m.ID)
		if m.Name == "" {
			errs.add("%s: name: empty", w)
		}
		m.validate(w, &errs)
	}
	return errs.err()
}

// checkCharacter checks one character's structure. custom, when not nil,
// holds a player's own characters (looked up before the pre-made ones).
func (c *Content) checkCharacter(ch *Character, file string, custom map[string]*Character, errs *errList) {
	w := fmt.Sprintf("%s: character %q", file, ch.ID)
	lookup := func(id string) (*Character, bool) {
		if x, ok := custom[id]; ok {
			return x, true
		}
		return c.Character(id)
	}
	if ch.ID == "" {
		errs.add("%s: id: empty", w)
	}
	if ch.Name == "" {
		errs.add("%s: name: empty", w)
	}
	if _, ok := c.Tribe(ch.Tribe); !ok {
		errs.add("%s: tribe: unknown tribe %q", w, ch.Tribe)
	}
	if ch.Type == "" {
		errs.add("%s: type: empty (the character type, e.g. \"human\")", w)
	}
	if ch.Leadership < 0 || ch.Leadership > 20 {
		errs.add("%s: leadership %d: must be 0–20", w, ch.Leadership)
	}
	if ch.Detection < 0 || ch.Detection > 100 {
		errs.add("%s: detection %d: must be 0–100", w, ch.Detection)
	}
	if ch.Camouflage < -100 || ch.Camouflage > 100 {
		errs.add("%s: camouflage %d: must be −100–100", w, ch.Camouflage)
	}
	if ch.GearValue < 0 {
		errs.add("%s: gear_value %d: negative", w, ch.GearValue)
	}
	for j, s := range ch.Skills {
		if s == "" {
			errs.add("%s: skills[%d]: empty id", w, j)
		}
	}
	for j, g := range ch.Gear {
		gw := fmt.Sprintf("%s: gear[%d] %q", w, j, g.ID)
		if g.ID == "" {
			errs.add("%s: id: empty", gw)
		}
		if g.Count < 0 || g.Count > 99 || g.Clips < 0 || g.Clips > 99 {
			errs.add("%s: count and clips must be 0–99", gw)
		}
		if g.On != "" {
			found := false
			for k, o := range ch.Gear {
				if k != j && o.ID == g.On {
					found = true
				}
			}
			if !found {
				errs.add("%s: on: the character carries no %q to fit it on", gw, g.On)
			}
		}
	}
	switch ch.Kind {
	case KindHero:
		if ch.Hero != "" {
			errs.add("%s: hero: a hero has no leading hero (got %q)", w, ch.Hero)
		}
		seen := map[string]bool{}
		for j, id := range ch.Cohorts {
			cw := fmt.Sprintf("%s: cohorts[%d] %q", w, j, id)
			if seen[id] {
				errs.add("%s: listed twice", cw)
			}
			seen[id] = true
			co, ok := lookup(id)
			switch {
			case !ok:
				errs.add("%s: unknown character", cw)
			case co.Kind == KindHero:
				errs.add("%s: is a hero, not a cohort", cw)
			case co.Hero != ch.ID:
				errs.add("%s: its hero is %q, not %q", cw, co.Hero, ch.ID)
			case co.Tribe != ch.Tribe:
				errs.add("%s: tribe %q differs from the hero's %q", cw, co.Tribe, ch.Tribe)
			}
			if ok && co.Kind != KindHero {
				if t, ok := c.Tribe(ch.Tribe); ok && !contains(t.CohortKinds, co.Kind) {
					errs.add("%s: %s cohorts are not fielded by tribe %q", cw, co.Kind, ch.Tribe)
				}
			}
		}
		ids := map[string]bool{}
		for j, a := range ch.Abilities {
			aw := fmt.Sprintf("%s: abilities[%d] %q", w, j, a.ID)
			if a.ID == "" || ids[a.ID] {
				errs.add("%s: id: empty or duplicate", aw)
			}
			ids[a.ID] = true
			if a.Name == "" || a.Text == "" {
				errs.add("%s: name and text must be set", aw)
			}
			if a.RequiresCohort != "" && !contains(ch.Cohorts, a.RequiresCohort) {
				errs.add("%s: requires_cohort: %q is not one of the hero's cohorts", aw, a.RequiresCohort)
			}
			if a.UsesPerGame < 0 {
				errs.add("%s: uses_per_game %d: negative", aw, a.UsesPerGame)
			}
		}
	case KindIndependent, KindCloseSupport, KindSlave:
		if len(ch.Cohorts) > 0 || len(ch.Abilities) > 0 {
			errs.add("%s: cohorts/abilities: only heroes have them", w)
		}
		h, ok := lookup(ch.Hero)
		switch {
		case !ok:
			errs.add("%s: hero: unknown hero %q", w, ch.Hero)
		case h.Kind != KindHero:
			errs.add("%s: hero: %q is not a hero", w, ch.Hero)
		case !contains(h.Cohorts, ch.ID):
			errs.add("%s: hero: %q does not list it among its cohorts", w, ch.Hero)
		}
	default:
		errs.add("%s: kind: %q is not hero, independent, close-support or slave", w, ch.Kind)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
