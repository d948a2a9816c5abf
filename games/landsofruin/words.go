package landsofruin

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/npc"
)

// The game's words (docs/landsofruin.md, LR-W1 to LR-W4): every text the view,
// the history and the refusals carry names sections by the letter painted
// on them on the map (the same for every seat: the letter turns with the
// table), with the section's name in words; the table's edges and the
// Rotters' spawn points from the seat's own side ("your edge", "the far
// edge", "your left"), or by compass for the public view and the report;
// commands, effects, actions and items by their names. Ids stay in data.

// SectionLetter returns the letter the map shows on a section of map mapID
// ("D"), or "" when the map or the section is unknown or off the table.
func SectionLetter(mapID, section string) string {
	m, ok := data().cont.Map(mapID)
	if !ok {
		return ""
	}
	for _, s := range m.Sections {
		if s.ID == section {
			return s.Label
		}
	}
	return ""
}

// compassWords spell a compass prefix of a section id.
var compassWords = map[string]string{"n": "north", "s": "south", "e": "east", "w": "west",
	"nw": "north-west", "ne": "north-east", "sw": "south-west", "se": "south-east"}

// SectionName returns a section's name in words, from its id: "nw-block"
// is the north-west block, "north-street" the north street.
func SectionName(section string) string {
	parts := strings.Split(section, "-")
	for i, w := range parts {
		if c, ok := compassWords[w]; ok && i == 0 && len(parts) > 1 {
			parts[i] = c
		}
	}
	return strings.Join(parts, " ")
}

// sideOf is player p's table side ("" none or no player).
func (g *state) sideOf(p int) content.Side {
	if p < 0 || p >= len(g.Players) {
		return ""
	}
	return content.Side(g.Players[p].Side)
}

// sec names a section for player p: "section D (north-east block)"; an
// off-table strip as the edge it lies beyond, seen from p's side.
func (g *state) sec(id string, p int) string {
	if id == "" {
		return "off the table"
	}
	for _, s := range content.Sides {
		if id == content.StripID(s) {
			return "off the table beyond " + g.edge(s, p)
		}
	}
	if l := SectionLetter(g.Map, id); l != "" {
		return fmt.Sprintf("section %s (%s)", l, SectionName(id))
	}
	return "section " + SectionName(id)
}

// secShort names a section by its letter alone ("D"), for lists.
func (g *state) secShort(id string, p int) string {
	if l := SectionLetter(g.Map, id); l != "" {
		return l
	}
	return g.sec(id, p)
}

// in says where a character is: "in section D (north-east block)" or
// "off the table …".
func (g *state) in(id string, p int) string {
	s := g.sec(id, p)
	if strings.HasPrefix(s, "off ") {
		return s
	}
	return "in " + s
}

// viewEdge is where table edge s lies for a player at side from: "own",
// "far", "left" or "right" (from "" none: s itself).
func (g *state) viewEdge(s, from content.Side) string {
	m := g.gameMap()
	if m == nil || from == "" {
		return ""
	}
	mid := map[content.Side]content.Point{content.North: {X: m.Width / 2}, content.South: {X: m.Width / 2, Y: m.Height},
		content.West: {Y: m.Height / 2}, content.East: {X: m.Width, Y: m.Height / 2}}[s]
	v := m.ToView(from, mid)
	w, h := m.ViewSize(from)
	switch {
	case v.Y == 0:
		return "far"
	case v.Y == h:
		return "own"
	case v.X == 0:
		return "left"
	case v.X == w:
		return "right"
	}
	return ""
}

// edge names table edge s for player p: "your edge", "the far edge",
// "your left edge", "your right edge"; by compass for the public view.
func (g *state) edge(s content.Side, p int) string {
	switch g.viewEdge(s, g.sideOf(p)) {
	case "own":
		return "your edge"
	case "far":
		return "the far edge"
	case "left":
		return "your left edge"
	case "right":
		return "your right edge"
	}
	return "the " + string(s) + " edge"
}

// spawnWords names a Rotter spawn point for player p: where on which
// edge, from p's side ("the left of the far edge"), by compass for the
// public view ("the west end of the north edge").
func (g *state) spawnWords(point string, p int) string {
	l, ok := MapLayoutOf(g.Map)
	if !ok {
		return "a spawn point"
	}
	var at content.Point
	found := false
	for _, sp := range l.SpawnPoints {
		if sp.ID == point {
			at, found = sp.At, true
		}
	}
	if !found {
		return "a spawn point"
	}
	m := g.gameMap()
	side := g.sideOf(p)
	if side == "" {
		side = content.South
	}
	v := m.ToView(side, at)
	w, h := m.ViewSize(side)
	third := func(x, n int, lo, mid, hi string) string {
		switch {
		case x*3 < n:
			return lo
		case x*3 > 2*n:
			return hi
		}
		return mid
	}
	var edge, along string
	switch {
	case v.Y == 0:
		edge, along = "far", third(v.X, w, "left", "middle", "right")
	case v.Y == h:
		edge, along = "own", third(v.X, w, "left", "middle", "right")
	case v.X == 0:
		edge, along = "left", third(v.Y, h, "far", "middle", "near")
	default:
		edge, along = "right", third(v.Y, h, "far", "middle", "near")
	}
	if g.sideOf(p) == "" {
		// The compass, seen from the south.
		name := map[string]string{"far": "north", "own": "south", "left": "west", "right": "east"}[edge]
		pos := map[string]string{"left": "west end", "right": "east end", "far": "north end", "near": "south end", "middle": "middle"}[along]
		return fmt.Sprintf("the %s of the %s edge", pos, name)
	}
	name := map[string]string{"far": "the far edge", "own": "your edge", "left": "your left edge", "right": "your right edge"}[edge]
	pos := map[string]string{"left": "left end", "right": "right end", "far": "far end", "near": "near end", "middle": "middle"}[along]
	return fmt.Sprintf("the %s of %s", pos, name)
}

// commandWords are the commands as a player reads them in a refusal.
var commandWords = map[string]string{
	CmdChooseRole: "choosing a role", CmdChooseSide: "choosing a table side", CmdChooseTeam: "choosing a team",
	CmdReady: "saying ready", CmdInfiltrate: "placing an infiltrator", CmdEndPhase: "ending a phase",
	CmdAssign: "assigning an action", CmdUnassign: "taking back an assigned action", CmdMove: "moving a character",
	CmdPerform: "performing an action", CmdAttack: "attacking", CmdRoll: "rolling an attack's dice",
	CmdCancelAttack: "cancelling an attack", CmdProposeEnd: "proposing to end the game", CmdAgreeEnd: "agreeing to end the game",
	CmdRefuseEnd: "refusing to end the game", CmdMarkObj: "marking objectives", CmdRotterAttack: "entering Rotter attacks",
	CmdRequestUndo: "asking to undo", CmdApproveUndo: "approving an undo", CmdDenyUndo: "denying an undo",
	CmdShortcut: "a team shortcut", CmdThrow: "throwing", CmdExecuteSlave: "executing a slave",
	CmdCallArtillery: "calling an artillery strike", CmdExplosionHit: "entering who an explosion caught",
}

// cmdWords is a command as a player reads it ("choosing a role").
func cmdWords(name string) string {
	if w, ok := commandWords[name]; ok {
		return w
	}
	return "that"
}

// upperFirst is s with its first letter in upper case.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// effectName is an effect's name ("On fire"), its id when unknown.
func effectName(id string) string {
	if e := data().rd.Effect(id); e != nil && e.Name != "" {
		return e.Name
	}
	return SectionName(id)
}

// itemName is a piece of gear's name ("Bazooka"); an unknown id in
// words.
func itemName(id string) string {
	if n := ItemName(id); n != id {
		return n
	}
	return SectionName(id)
}

// plural is "1 round" or "2 rounds": n and the noun, one or many.
func plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// times is "once", "twice" or "3 times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// andList joins words as a sentence does: "a, b and c".
func andList(words []string, conj string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// rotterCount is a number of Rotters of a kind by the kind's name: "1
// Shambler", "3 Ragers".
func rotterCount(kind string, n int) string {
	if rk, ok := data().cont.Rotter(kind); ok {
		return plural(n, rk.Name, rk.Name+"s")
	}
	return plural(n, "Rotter", "Rotters")
}

// rotterPlural is a Rotter kind's name in the plural ("Shamblers").
func rotterPlural(kind string) string {
	if rk, ok := data().cont.Rotter(kind); ok {
		return rk.Name + "s"
	}
	return "Rotters"
}

// idWord matches a lower-case id with hyphens as a whole word.
var idWord = regexp.MustCompile(`[a-z0-9]+(?:-[a-z0-9]+)*`)

// inWords rewrites a text written with the map's ids (the Rotter AI's
// instructions) in player p's words: sections by letter and name, spawn
// points from p's side.
func (g *state) inWords(text string, p int) string {
	m := g.gameMap()
	if m == nil {
		return text
	}
	secs := map[string]bool{}
	for _, s := range m.AllSections() {
		secs[s.ID] = true
	}
	spawns := map[string]bool{}
	if l, ok := MapLayoutOf(g.Map); ok {
		for _, sp := range l.SpawnPoints {
			spawns[sp.ID] = true
		}
	}
	text = strings.ReplaceAll(text, "spawn point ", "")
	return idWord.ReplaceAllStringFunc(text, func(w string) string {
		switch {
		case secs[w]:
			return g.sec(w, p)
		case spawns[w]:
			return g.spawnWords(w, p)
		}
		return w
	})
}

// instructionsFor are the Rotter AI's instructions in player p's words.
func (g *state) instructionsFor(list []npc.Instruction, p int) []npc.Instruction {
	if list == nil {
		return nil
	}
	out := make([]npc.Instruction, len(list))
	for i, in := range list {
		in.Text = g.inWords(in.Text, p)
		out[i] = in
	}
	return out
}

// effectClause says a character has an effect, as a clause after "who":
// "is on fire", "has a weapon deployed".
var effectClause = map[string]string{"take-cover": "is taking cover", "weapon-deployed": "has a weapon deployed",
	"carrying-objective": "carries an objective", "on-fire": "is on fire", "hidden": "is hidden", "pinned": "is pinned",
	"bleeding": "is bleeding", "unconscious": "is unconscious", "dead": "is dead", "fleeing": "is fleeing",
	"frenzy": "is in a frenzy", "berserker-charge": "is in a berserker charge", "surprised": "is surprised"}

// effectClauses joins the clauses of effects with "or".
func effectClauses(ids []string) string {
	var out []string
	for _, id := range ids {
		c, ok := effectClause[id]
		if !ok {
			c = "is " + strings.ToLower(effectName(id))
		}
		out = append(out, c)
	}
	return andList(out, "or")
}

// actionNames are actions by name: "Shoot or Aim and shoot".
func actionNames(ids []string, conj string) string {
	var out []string
	for _, id := range ids {
		out = append(out, actionName(id))
	}
	return andList(out, conj)
}

// playerRange is "2 players" or "1 to 3 players".
func playerRange(lo, hi int) string {
	if lo == hi {
		return plural(lo, "player", "players")
	}
	return fmt.Sprintf("%d to %d players", lo, hi)
}

// lacks says a character lacks what an action consumes, by its category:
// "carries no grenade", "has no slaves", "has no artillery to call".
func lacks(category string) string {
	switch category {
	case "minion":
		return "has no slaves"
	case "artillery":
		return "has no artillery to call"
	}
	return "carries no " + category
}

// itemNames lists gear by name: "the Frag grenade and the Molotov".
func itemNames(ids []string) string {
	if len(ids) == 0 {
		return "nothing of the kind"
	}
	var out []string
	for _, id := range ids {
		out = append(out, "the "+itemName(id))
	}
	return andList(out, "and")
}

// rotterKindNames lists the Rotter kinds by name: "Shambler, Rager and
// Veteran".
func rotterKindNames() string {
	var out []string
	for _, r := range data().cont.Rotters {
		out = append(out, r.Name)
	}
	return andList(out, "and")
}

// tryChoices is a command-line hint naming the values an argument takes:
// "rotter-attack kind=normal|fast|fat" (Rejection.Try; LR-W3).
func tryChoices(cmd, arg string, values []string) string {
	return cmd + " " + arg + "=" + strings.Join(values, "|")
}

// rotterKindIDs are the Rotter kinds' ids, for command-line hints.
func rotterKindIDs() []string {
	var out []string
	for _, r := range data().cont.Rotters {
		out = append(out, r.ID)
	}
	return out
}

// rotterTargets are the Rotters as attack targets ("rotter:fast"), for
// command-line hints.
func rotterTargets() []string {
	var out []string
	for _, id := range rotterKindIDs() {
		out = append(out, "rotter:"+id)
	}
	return out
}
