package ruunara

import (
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// Fight sites (RU-D34b): a melee site is every unit linked by engagements;
// a ranged site is one enemy shot at, or one enemy that shot. A site is
// named by its lowest enemy id when it opens and keeps the name for life; a
// merge keeps the lower name. Sites close when they are over (RU-D36),
// checked at the start of the enemy movement phase.

func (g *state) siteIndex(unit string) []int {
	var out []int
	for i, s := range g.Sites {
		if contains(s.Enemies, unit) || contains(s.Heroes, unit) {
			out = append(out, i)
		}
	}
	return out
}

func copySite(s rn.Site) rn.Site {
	s.Enemies = copyOf(s.Enemies)
	s.Heroes = copyOf(s.Heroes)
	return s
}

// lowerID is the lower of two enemy ids, numerically (E2 before E10).
func lowerID(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	ids := []string{a, b}
	byID(ids)
	return ids[0]
}

// merged joins the sites at idx and adds units; it returns the new list,
// the joined site's name and the names that vanished in the merge.
func (g *state) merged(idx []int, enemies, heroes []string, ranged bool, round int) ([]rn.Site, string, []string) {
	var names []string
	var out []rn.Site
	joined := rn.Site{Ranged: ranged}
	for i, s := range g.Sites {
		in := false
		for _, j := range idx {
			if i == j {
				in = true
			}
		}
		if !in {
			out = append(out, copySite(s))
			continue
		}
		joined.ID = lowerID(joined.ID, s.ID)
		names = append(names, s.ID)
		joined.Ranged = joined.Ranged && s.Ranged
		for _, e := range s.Enemies {
			if !contains(joined.Enemies, e) {
				joined.Enemies = append(joined.Enemies, e)
			}
		}
		for _, h := range s.Heroes {
			if !contains(joined.Heroes, h) {
				joined.Heroes = append(joined.Heroes, h)
			}
		}
		if s.LastAttackRound > joined.LastAttackRound {
			joined.LastAttackRound = s.LastAttackRound
		}
	}
	if len(idx) == 0 {
		lowest := ""
		for _, e := range enemies {
			lowest = lowerID(lowest, e)
		}
		joined.ID = lowest
	}
	for _, e := range enemies {
		if !contains(joined.Enemies, e) {
			joined.Enemies = append(joined.Enemies, e)
		}
	}
	for _, h := range heroes {
		if !contains(joined.Heroes, h) {
			joined.Heroes = append(joined.Heroes, h)
		}
	}
	byID(joined.Enemies)
	if round > joined.LastAttackRound {
		joined.LastAttackRound = round
	}
	out = append(out, joined)
	sortSites(out)
	var gone []string
	for _, n := range names {
		if n != joined.ID {
			gone = append(gone, n)
		}
	}
	return out, joined.ID, gone
}

// setSites records the sites and tells the AI which names a merge made
// vanish, so their investigators follow the merged site (RU-D34b).
func (x *decider) setSites(sites []rn.Site, into string, gone []string) {
	x.emit(EvSites, SitesSet{Sites: sites})
	for _, from := range gone {
		x.setModes(rn.OnSiteMerged(x.world(), x.enemiesAI(), from, into))
	}
}

func sortSites(s []rn.Site) {
	ids := make([]string, len(s))
	for i := range s {
		ids[i] = s[i].ID
	}
	byID(ids)
	out := make([]rn.Site, 0, len(s))
	for _, id := range ids {
		for _, x := range s {
			if x.ID == id {
				out = append(out, x)
				break
			}
		}
	}
	copy(s, out)
}

// siteEngage joins a hero and enemies into one melee site.
func (x *decider) siteEngage(hero string, enemies []string) {
	g := x.g
	var idx []int
	for _, u := range append([]string{hero}, enemies...) {
		for _, i := range g.siteIndex(u) {
			if !containsInt(idx, i) {
				idx = append(idx, i)
			}
		}
	}
	sites, into, gone := g.merged(idx, enemies, []string{hero}, false, 0)
	x.setSites(sites, into, gone)
}

// siteAttack marks an attack at the site of enemy anchor, opening a ranged
// site if it is in none; it returns the site's name.
func (x *decider) siteAttack(anchor string, heroes []string, ranged bool) string {
	g := x.g
	idx := g.siteIndex(anchor)
	var hs []string
	if !ranged {
		hs = heroes
	}
	sites, id, gone := g.merged(idx, []string{anchor}, hs, ranged, g.Round)
	x.setSites(sites, id, gone)
	return id
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// over reports whether a site's fight is over (RU-D36): none of its
// enemies alive and engaged with a free hero, and no attack this round.
func (g *state) over(s rn.Site) bool {
	if s.LastAttackRound >= g.Round {
		return false
	}
	for _, e := range s.Enemies {
		en := g.enemy(e)
		if en == nil || en.AI.Mode == rn.Dead {
			continue
		}
		for _, h := range g.engagedHeroes(e) {
			if hh := g.hero(h); hh != nil && hh.Status == StatusFree {
				return false
			}
		}
	}
	return true
}

// closeOverSites removes the sites whose fight is over.
func (x *decider) closeOverSites() {
	g := x.g
	var kept []rn.Site
	for _, s := range g.Sites {
		if !g.over(s) {
			kept = append(kept, copySite(s))
		}
	}
	if len(kept) != len(g.Sites) {
		x.emit(EvSites, SitesSet{Sites: kept})
	}
}
