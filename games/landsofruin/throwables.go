package landsofruin

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// Throwables: grenades, executed slaves and artillery strikes (rulebook
// "Throwing grenades", "Damage from grenades"; facts §4.6, §10.8, §10.9).
//
// A character with the throw action assigned throws a grenade it carries
// (throw), a slave driver blows up one of his slaves (execute-slave) and an
// artillery spotter calls a strike on a map section (call-artillery). The
// item is used up (an executed slave dies), the action is performed and the
// thrower is revealed. The throwable is placed in a map section: it is
// public, a marker on the table. Its area changes at the start of every
// Environment phase (every player's): the diameter is the consumable's
// template for that phase (0: no area this phase; -1: the whole section).
// While the area is there, the players say who is caught in it
// (explosion-hit, any player, like rotter-attack) and how many Rotters it
// killed; an artillery strike hits every character in its section by
// itself and adds its suppression at once. The hits are rolled when the
// Environment phase ends, with the Rotter attacks: d20 ≥ 5 + the
// character's armour against explosives; a hit is an unresolved hit of
// power (the item's power − 1) on the close-combat chart, adds the item's
// suppression and, for a Molotov, sets the character on fire. A throwable
// is taken off the table at the start of the Action phase after its last
// area.

// Throwing commands and the actions they perform.
const (
	CmdThrow         = "throw"
	CmdExecuteSlave  = "execute-slave"
	CmdCallArtillery = "call-artillery"
	CmdExplosionHit  = "explosion-hit"

	ActionThrow         = "throw"
	ActionExecuteSlave  = "execute-slave"
	ActionCallArtillery = "call-artillery"
)

// SourceExplosive marks an Environment entry made by a throwable.
const SourceExplosive = "explosive"

// throwable is a grenade, an executed slave or an artillery strike on the
// table.
type throwable struct {
	ID      int    `msgpack:"id"`
	Item    string `msgpack:"item"`
	By      string `msgpack:"by"`
	Section string `msgpack:"section"`
	// Counter counts the Environment phases begun since it was thrown.
	Counter int `msgpack:"counter,omitempty"`
	// Rotters counts the Rotters its area killed.
	Rotters int `msgpack:"rotters,omitempty"`
}

func (t *throwable) item() *rules.Consumable { return data().rd.Consumable(t.Item) }

// diameter is the area in tenths this Environment phase: 0 none, -1 the
// whole section.
func (t *throwable) diameter() int {
	it := t.item()
	if it == nil || t.Counter < 1 || t.Counter > len(it.TemplateTenths) {
		return 0
	}
	return it.TemplateTenths[t.Counter-1]
}

// spent: no area is left to come; it is removed at the next Action phase.
func (t *throwable) spent() bool {
	it := t.item()
	return it == nil || t.Counter >= len(it.TemplateTenths)
}

func (g *state) throwable(id int) *throwable {
	for i := range g.Throwables {
		if g.Throwables[i].ID == id {
			return &g.Throwables[i]
		}
	}
	return nil
}

// Thrown is the payload of thrown: a throwable placed in Section by Char,
// performing Action; Slave is the slave executed (execute-slave).
type Thrown struct {
	ID       int    `msgpack:"id"`
	Char     string `msgpack:"char"`
	Action   string `msgpack:"action"`
	Item     string `msgpack:"item"`
	Section  string `msgpack:"section"`
	Distance int    `msgpack:"distance,omitempty"`
	Slave    string `msgpack:"slave,omitempty"`
	Revealed bool   `msgpack:"revealed,omitempty"`
}

// Area is one throwable's area after an Environment phase began.
type Area struct {
	ID       int `msgpack:"id"`
	Counter  int `msgpack:"counter"`
	Diameter int `msgpack:"diameter"`
}

// Strike is an artillery hit entered by itself on a character in the
// struck section, with the suppression it adds at once.
type Strike struct {
	Throwable   int    `msgpack:"throwable"`
	Item        string `msgpack:"item"`
	Char        string `msgpack:"char"`
	Suppression int    `msgpack:"suppression"`
}

// ThrowablesAdvanced is the payload of throwables-advanced: the areas at
// the start of an Environment phase and the artillery strikes landing.
type ThrowablesAdvanced struct {
	Areas   []Area   `msgpack:"areas"`
	Strikes []Strike `msgpack:"strikes,omitempty"`
}

// RottersCaught is the payload of rotters-caught: the Rotters a
// throwable's area killed this Environment phase.
type RottersCaught struct {
	Player    int `msgpack:"player"`
	Throwable int `msgpack:"throwable"`
	Count     int `msgpack:"count"`
}

// throwSpecs are the throwing commands' specs.
func throwSpecs(char, section console.ArgSpec) []console.CommandSpec {
	dist := console.ArgSpec{Name: "distance", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(maxEntered),
		Doc: "the distance from the thrower to the marker, in tenths of the game's unit (tenths of an inch, or millimetres with units=cm)"}
	return []console.CommandSpec{
		{Name: CmdThrow, Version: 1, Args: []console.ArgSpec{char,
			{Name: "item", Kind: console.ArgString, Required: true, MaxLen: 40, Doc: "the grenade thrown (\"frag-grenade\", \"molotov\")"},
			section, dist},
			Doc: "Throw a grenade with an assigned throw action: place the marker in a map section within the throwing range; " +
				"its area changes each Environment phase.", When: "your Action phase"},
		{Name: CmdExecuteSlave, Version: 1, Args: []console.ArgSpec{char, section, dist},
			Doc: "Blow up one of the hero's slaves with an assigned execute-slave action (fixed range 10\"): the slave dies and " +
				"explodes in the section.", When: "your Action phase"},
		{Name: CmdCallArtillery, Version: 1, Args: []console.ArgSpec{char, section},
			Doc: "Call an artillery strike on a map section with an assigned call-artillery action: it lands on the whole section " +
				"in the fourth Environment phase from now.", When: "your Action phase"},
		{Name: CmdExplosionHit, Version: 1, Args: []console.ArgSpec{
			{Name: "throwable", Kind: console.ArgInt, Required: true, Min: console.Bounds(1), Max: console.Bounds(9999), Doc: "the throwable's number (the view's throwables)"},
			{Name: "character", Kind: console.ArgString, MaxLen: 60, Doc: "a character caught in the area (any player's, visible on the table)"},
			{Name: "count", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(1), Default: "1", Doc: "1 enters the hit, 0 removes it"},
			{Name: "rotters", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(50), Doc: "instead of a character: the Rotters in the area, killed (remove them)"}},
			Doc:  "Enter a character caught in a throwable's area, or the Rotters it killed; the hits are rolled when the Environment phase ends.",
			When: "the Environment phase, any player"},
	}
}

// toTenths converts an entered distance (tenths of the game's unit) to
// tenths of an inch.
func (g *state) toTenths(n int) int {
	if g.Units == UnitsCM {
		return rules.MMToTenths(n)
	}
	return n
}

// dist shows tenths of an inch in the game's unit.
func (g *state) dist(tenths int) string {
	if g.Units == UnitsCM {
		return rules.FormatCentimetres(tenths)
	}
	return rules.FormatInches(tenths)
}

// throwRange is how far c throws item, in tenths; -1 unlimited.
func throwRange(c *character, it *rules.Consumable) int {
	switch {
	case it.UnlimitedRange:
		return -1
	case it.FixedRangeTenths > 0:
		return it.FixedRangeTenths
	}
	ct := c.ctype()
	if ct == nil {
		return 0
	}
	return ct.ThrowRangeTenths * it.ThrowRangePercent / 100
}

// consumableOf is the first consumable c carries of a category.
func (c *character) consumableOf(category string) *rules.Consumable {
	for _, id := range c.Gear {
		if it := data().rd.Consumable(id); it != nil && it.Category == category {
			return it
		}
	}
	return nil
}

// livingSlave is a slave of hero c on the table that can be executed or
// take a hit, or nil.
func (g *state) livingSlave(c *character, except map[string]bool) *character {
	for i := range g.Chars {
		s := &g.Chars[i]
		if s.Owner == c.Owner && s.Hero == c.Base && s.Kind == content.KindSlave && !s.dead() && s.Section != "" && !except[s.ID] {
			return s
		}
	}
	return nil
}

// canUseConsumable checks, when an action is assigned, that the character
// has what the action uses up.
func (g *state) canUseConsumable(c *character, a *rules.Action) error {
	if a.Consumes == "" {
		return nil
	}
	if c.consumableOf(a.Consumes) == nil {
		return console.Reject("%s cannot take %s: %s %s", c.Name, a.Name, c.Name, lacks(a.Consumes))
	}
	if a.Consumes == "minion" && g.livingSlave(c, nil) == nil {
		return console.Reject("%s cannot take %s: %s has no living slave on the table", c.Name, a.Name, c.Name)
	}
	return nil
}

func (g *state) decideThrow(p int, args console.Args, actionID string) ([]console.Event, error) {
	rd := data().rd
	a := rd.Action(actionID)
	if a == nil {
		return nil, fmt.Errorf("landsofruin: no action %q", actionID)
	}
	c, err := g.ownChar(p, args.String("character"))
	if err != nil {
		return nil, err
	}
	switch {
	case c.dead():
		return nil, console.Reject("%s is dead", c.Name)
	case c.Section == "":
		return nil, console.Reject("%s is not on the table", c.Name)
	case c.down():
		return nil, console.Reject("%s is down and cannot %s", c.Name, strings.ToLower(a.Name))
	case g.Players[p].ActionPhases <= 1 && g.Turn <= 1:
		return nil, console.Reject("it is %s's first Action phase: movement only (actions are assigned in the Command phase)", g.Players[p].Seat)
	}
	idx := c.assignedIndex(a.ID)
	if idx >= 0 && c.Assigned[idx].Performed {
		return nil, console.Reject("%s has already performed %s this turn", c.Name, a.Name)
	}
	var it *rules.Consumable
	if actionID == ActionThrow {
		id := strings.ToLower(strings.TrimSpace(args.String("item")))
		it = rd.Consumable(id)
		if it == nil || it.Category != a.Consumes || !c.carries(id) {
			var have []string
			for _, gid := range c.Gear {
				if x := rd.Consumable(gid); x != nil && x.Category == a.Consumes && !contains(have, gid) {
					have = append(have, gid)
				}
			}
			if len(have) == 0 {
				return nil, console.Reject("%s carries no grenade to throw", c.Name)
			}
			return nil, console.Reject("%s carries no such grenade (it carries %s)", c.Name, itemNames(have))
		}
	} else if it = c.consumableOf(a.Consumes); it == nil {
		return nil, console.Reject("%s %s", c.Name, lacks(a.Consumes))
	}
	if idx < 0 {
		return nil, console.Reject("%s has no %s assigned: actions are assigned in the Command phase", c.Name, a.Name)
	}
	sec, err := g.section(args.String("section"))
	if err != nil {
		return nil, err
	}
	if s, _ := g.gameMap().Section(sec); s.Kind == content.SectionOffTable {
		return nil, console.Reject("the %s must land on the table, not %s", it.Name, g.sec(s.ID, p))
	}
	x := Thrown{ID: g.NextThrowable + 1, Char: c.ID, Action: a.ID, Item: it.ID, Section: sec, Revealed: c.hidden()}
	if r := throwRange(c, it); r >= 0 {
		if !args.Has("distance") {
			return nil, console.RejectTry(console.ReasonBadInput, a.ID+" distance=TENTHS", "%s: give the distance to the marker", a.Name)
		}
		x.Distance = g.toTenths(args.Int("distance"))
		if x.Distance > maxDistance {
			return nil, console.Reject("distance: at most %s", g.dist(maxDistance))
		}
		if x.Distance > r {
			return nil, console.Reject("%s reaches %s with the %s; the marker is %s away", c.Name, g.dist(r), it.Name, g.dist(x.Distance))
		}
	}
	if it.Category == "minion" {
		s := g.livingSlave(c, nil)
		if s == nil {
			return nil, console.Reject("%s has no living slave on the table to execute", c.Name)
		}
		x.Slave = s.ID
	}
	return one(EventThrown, x, x.Revealed)
}

// applyThrown uses up the item, performs the action and places the
// throwable.
func (g *state) applyThrown(x Thrown) error {
	c, err := g.charArg(x.Char)
	if err != nil {
		return err
	}
	it := data().rd.Consumable(x.Item)
	if it == nil {
		return fmt.Errorf("no consumable %q", x.Item)
	}
	if _, ok := g.gameMap().Section(x.Section); !ok {
		return fmt.Errorf("no section %q", x.Section)
	}
	g.perform(c, x.Action)
	for i, id := range c.Gear {
		if id == x.Item {
			c.Gear = append(c.Gear[:i:i], c.Gear[i+1:]...)
			c.Carried = max(c.Carried-it.WeightGrams, 0)
			break
		}
	}
	c.Effects = without(c.Effects, "hidden")
	if x.Slave != "" {
		s, err := g.charArg(x.Slave)
		if err != nil {
			return err
		}
		s.Effects, s.Hits = []effect{{ID: "dead", Since: g.Turn}}, []hit{}
	}
	g.NextThrowable = max(g.NextThrowable, x.ID)
	g.Throwables = append(g.Throwables, throwable{ID: x.ID, Item: x.Item, By: x.Char, Section: x.Section})
	return nil
}

// advanceThrowables is the start of an Environment phase for the
// throwables on the table (§10.9).
func (g *state) advanceThrowables() ThrowablesAdvanced {
	var out ThrowablesAdvanced
	for _, t := range g.Throwables {
		n := t
		n.Counter++
		d := n.diameter()
		out.Areas = append(out.Areas, Area{ID: t.ID, Counter: n.Counter, Diameter: d})
		if d != -1 {
			continue
		}
		it := t.item()
		for i := range g.Chars {
			c := &g.Chars[i]
			if c.Section == t.Section {
				out.Strikes = append(out.Strikes, Strike{Throwable: t.ID, Item: t.Item, Char: c.ID, Suppression: it.Suppression})
			}
		}
	}
	return out
}

func (g *state) applyThrowablesAdvanced(x ThrowablesAdvanced) error {
	for _, a := range x.Areas {
		t := g.throwable(a.ID)
		if t == nil {
			return fmt.Errorf("no throwable %d", a.ID)
		}
		if t.Counter != a.Counter && t.firstOpen(a.Counter) {
			if err := g.noiseThrowable(t); err != nil {
				return err
			}
		}
		t.Counter = a.Counter
	}
	for _, s := range x.Strikes {
		c, err := g.charArg(s.Char)
		if err != nil {
			return err
		}
		c.Suppression = rules.AddSuppression(c.Suppression, s.Suppression)
		if err := g.applyEnvEntry(EnvEntry{Char: s.Char, Source: SourceExplosive, Kind: s.Item, Throwable: s.Throwable, Count: 1}); err != nil {
			return err
		}
	}
	return nil
}

// dropSpent takes the throwables with no area left off the table.
func (g *state) dropSpent() {
	var keep []throwable
	for _, t := range g.Throwables {
		if !t.spent() {
			keep = append(keep, t)
		}
	}
	g.Throwables = keep
}

func (g *state) decideExplosionHit(p int, args console.Args) ([]console.Event, error) {
	t := g.throwable(args.Int("throwable"))
	if t == nil {
		var ids []string
		for _, x := range g.Throwables {
			ids = append(ids, fmt.Sprint(x.ID))
		}
		if len(ids) == 0 {
			return nil, console.Reject("no throwable is on the table")
		}
		return nil, console.Reject("no throwable %d on the table (throwables: %s)", args.Int("throwable"), strings.Join(ids, ", "))
	}
	it := t.item()
	switch d := t.diameter(); d {
	case 0:
		if t.spent() {
			return nil, console.Reject("the %s (%d) has no area any more", it.Name, t.ID)
		}
		return nil, console.Reject("the %s (%d) has no area this Environment phase", it.Name, t.ID)
	case -1:
		if args.String("character") != "" {
			return nil, console.Reject("the %s (%d) hits everyone %s by itself", it.Name, t.ID, g.in(t.Section, p))
		}
	}
	ref := args.String("character")
	if args.Has("rotters") == (ref != "") {
		return nil, console.RejectTry(console.ReasonBadInput, CmdExplosionHit+" character=ID or rotters=N", "name either a character caught in the area or the Rotters it killed")
	}
	if ref == "" {
		return one(EventRottersCaught, RottersCaught{Player: p, Throwable: t.ID, Count: args.Int("rotters")}, false)
	}
	c := g.findChar(ref, func(c *character) bool { return c.visibleTo(p) })
	switch {
	case c == nil:
		return nil, console.Reject("no character %q on the table", ref)
	case c.Section == "":
		return nil, console.Reject("%s is not on the table", c.Name)
	case c.dead() && c.Owner == p:
		return nil, console.Reject("%s is dead", c.Name)
	}
	n := args.Int("count")
	if n == 0 && g.envIndex(c.ID, SourceExplosive, t.Item, t.ID) < 0 {
		return nil, console.Reject("%s is not entered as caught in the %s (%d)", c.Name, it.Name, t.ID)
	}
	if n == 1 && g.envIndex(c.ID, SourceExplosive, t.Item, t.ID) >= 0 {
		return nil, console.Reject("%s is already entered as caught in the %s (%d)", c.Name, it.Name, t.ID)
	}
	return one(EventEnvEntry, EnvEntry{Player: p, Char: c.ID, Source: SourceExplosive, Kind: t.Item, Throwable: t.ID, Count: n}, false)
}

// resolveExplosive rolls one explosive entry (§10.8).
func (g *state) resolveExplosive(c *character, e envEntry, d *console.Dice) EnvResult {
	it := data().rd.Consumable(e.Kind)
	r := EnvResult{Char: c.ID, Source: e.Source, Kind: e.Kind, Throwable: e.Throwable, Roll: d.Roll(20),
		Need: rules.ExplosiveTargetNumber + c.defence(rules.Explosive, g.Turn)}
	if it != nil && r.Roll >= r.Need {
		r.Hit, r.Power, r.Suppression, r.Effect = true, max(it.Power-1, 0), it.Suppression, it.HitAddsEffect
	}
	return r
}

// throwableName is "the Frag grenade (2)".
func (g *state) throwableName(id int, item string) string {
	name := item
	if it := data().rd.Consumable(item); it != nil {
		name = it.Name
	}
	return fmt.Sprintf("the %s (%d)", name, id)
}

func (g *state) describeThrown(x Thrown, p int) string {
	c := g.char(x.Char)
	who := x.Char
	if c != nil {
		who = c.Name
	}
	var line string
	switch x.Action {
	case ActionExecuteSlave:
		line = fmt.Sprintf("%s executes %s: %s lands %s", who, g.name(x.Slave), g.throwableName(x.ID, x.Item), g.in(x.Section, p))
	case ActionCallArtillery:
		line = fmt.Sprintf("%s calls %s on %s: it lands in the fourth Environment phase from now", who, g.throwableName(x.ID, x.Item), g.sec(x.Section, p))
	default:
		line = fmt.Sprintf("%s throws %s into %s", who, g.throwableName(x.ID, x.Item), g.sec(x.Section, p))
	}
	if x.Distance > 0 {
		line += fmt.Sprintf(" (%s away)", g.dist(x.Distance))
	}
	if x.Revealed {
		line += "; the thrower is revealed"
	}
	return line
}

func (g *state) describeAdvanced(x ThrowablesAdvanced, p int) string {
	var parts []string
	for _, a := range x.Areas {
		t := g.throwable(a.ID)
		if t == nil {
			continue
		}
		name := g.throwableName(t.ID, t.Item)
		switch a.Diameter {
		case 0:
			parts = append(parts, name+" has no area this phase")
		case -1:
			var hit []string
			for _, s := range x.Strikes {
				if c := g.char(s.Char); s.Throwable == a.ID && c != nil && c.visibleTo(p) {
					hit = append(hit, c.Name)
				}
			}
			line := fmt.Sprintf("%s strikes the whole of %s", name, g.sec(t.Section, p))
			if len(hit) > 0 {
				line += ", catching " + strings.Join(hit, ", ")
			}
			parts = append(parts, line)
		default:
			parts = append(parts, fmt.Sprintf("%s %s covers %s across: enter who is caught; Rotters in it die", name, g.in(t.Section, p), g.dist(a.Diameter)))
		}
	}
	return "the Environment phase begins: " + strings.Join(parts, "; ")
}

// throwableItem is the item of a throwable on the table ("" when gone).
func (g *state) throwableItem(id int) string {
	if t := g.throwable(id); t != nil {
		return t.Item
	}
	return ""
}
