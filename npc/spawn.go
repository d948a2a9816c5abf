package npc

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// Pos is a point on the table in tenths of an inch from its north-west
// corner (x east, y south), as the game's maps measure it.
type Pos struct {
	X int `msgpack:"x" json:"x"`
	Y int `msgpack:"y" json:"y"`
}

// Table is the size of the table in tenths of an inch.
type Table struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Edges of the table, clockwise from the north.
var edges = [...]string{"top", "right", "bottom", "left"}

// edgeOf is the edge crossed by Rotters coming from side d.
func edgeOf(d Dir) int {
	switch d {
	case East:
		return 1
	case South:
		return 2
	case West:
		return 3
	}
	return 0
}

// SpawnPoint names the i-th spawn point of an edge ("top-centre",
// "left-bottom"), given the number of points per edge.
func SpawnPoint(edge string, i, per int) string {
	if per == 3 && i >= 0 && i < 3 {
		along := [3]string{"left", "centre", "right"}
		if edge == "left" || edge == "right" {
			along = [3]string{"top", "centre", "bottom"}
		}
		return edge + "-" + along[i]
	}
	return fmt.Sprintf("%s-%d", edge, i+1)
}

// SpawnPoints lists every spawn point, clockwise from the top edge's west
// end.
func (c Config) SpawnPoints() []string {
	var out []string
	for _, e := range edges {
		for i := range c.SpawnPointPcts {
			out = append(out, SpawnPoint(e, i, len(c.SpawnPointPcts)))
		}
	}
	return out
}

// pointPos is where spawn point i of edge e sits on a table.
func (c Config) pointPos(e, i int, t Table) Pos {
	pct := c.SpawnPointPcts[i]
	switch edges[e] {
	case "right":
		return Pos{t.Width, t.Height * pct / 100}
	case "bottom":
		return Pos{t.Width * pct / 100, t.Height}
	case "left":
		return Pos{0, t.Height * pct / 100}
	}
	return Pos{t.Width * pct / 100, 0}
}

// along is the position on edge e at distance s from its west or north end.
func along(e int, s int, t Table) Pos {
	switch edges[e] {
	case "right":
		return Pos{t.Width, s}
	case "bottom":
		return Pos{s, t.Height}
	case "left":
		return Pos{0, s}
	}
	return Pos{s, 0}
}

// Proposal is where the app proposes Rotters enter at a spawn point: the
// spawn point itself, or, when that is within the exclusion range of a
// character, the nearest point along the same edge just outside every
// character's range (the player whose turn it is may push it elsewhere
// along the edge and confirms it at the table).
type Proposal struct {
	Nominal Pos  `msgpack:"nominal" json:"nominal"`
	At      Pos  `msgpack:"at" json:"at"`
	Pushed  bool `msgpack:"pushed,omitempty" json:"pushed,omitempty"`
	// Blocked: the whole edge is within range of characters; nobody enters.
	Blocked bool `msgpack:"blocked,omitempty" json:"blocked,omitempty"`
}

// tooClose reports whether p is within the range of any of the positions.
func tooClose(p Pos, chars []Pos, r int) bool {
	for _, c := range chars {
		dx, dy := int64(p.X-c.X), int64(p.Y-c.Y)
		if dx*dx+dy*dy <= int64(r)*int64(r) {
			return true
		}
	}
	return false
}

// Propose places spawn point i of edge e (0 top, 1 right, 2 bottom, 3 left)
// away from the characters at chars: no spawn within SpawnExclusionTenths
// of any of them. When the nearest clear points either way along the edge
// are equally far, the dice choose.
func (c Config) Propose(e, i int, t Table, chars []Pos, d *console.Dice) Proposal {
	nom := c.pointPos(e, i, t)
	p := Proposal{Nominal: nom, At: nom}
	r := c.SpawnExclusionTenths
	if !tooClose(nom, chars, r) {
		return p
	}
	length, s := t.Width, nom.X
	if edges[e] == "left" || edges[e] == "right" {
		length, s = t.Height, nom.Y
	}
	for off := 1; off <= length; off++ {
		lo, hi := s-off, s+off
		okLo := lo >= 0 && !tooClose(along(e, lo, t), chars, r)
		okHi := hi <= length && !tooClose(along(e, hi, t), chars, r)
		if !okLo && !okHi {
			continue
		}
		p.Pushed = true
		switch {
		case okLo && okHi:
			if d.Roll(2) == 1 {
				p.At = along(e, lo, t)
			} else {
				p.At = along(e, hi, t)
			}
		case okLo:
			p.At = along(e, lo, t)
		default:
			p.At = along(e, hi, t)
		}
		return p
	}
	p.Blocked = true
	return p
}
