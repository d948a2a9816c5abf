// Package data loads and validates the Runeball rules data, the CSV tables
// of assets/runeball (SPEC.md §4): one typed table per file, with the
// lookups the engine needs (the wound row for a d12, the kickoff result for
// a margin, a constant by key). Every error names the file, the line and
// the column. The formulas (HP, INI, MOVE, WN, damage; RB-D3…RB-D8) are
// code in games/runeball/roster, not data (§4, last paragraph).
package data

import (
	"fmt"
	"io/fs"
	"math"
	"strings"

	"github.com/commandconsole/commandconsole/assets"
)

// Tables is every Runeball data file, loaded and validated.
type Tables struct {
	Stats        []StatRow     // stats.csv (RB-F1)
	Skills       []SkillRow    // skills.csv (RB-F6, RB-D3)
	StatBonus    StatBonus     // stat-bonus.csv (RB-D2)
	Constants    Constants     // constants.csv
	Kickoff      Kickoff       // kickoff.csv (l. 60–69)
	Directions   Directions    // directions.csv (RB-D16)
	Bounce       Bounce        // bounce.csv (l. 79)
	Recovery     Recovery      // recovery.csv (l. 83, RB-D20, RB-D50, RB-D53)
	Maneuvers    Maneuvers     // maneuvers.csv (l. 99–118)
	Sprint       Sprint        // sprint.csv (l. 113–116)
	Block        Block         // block.csv (l. 162–171)
	Wounds       Wounds        // wounds.csv (l. 201–210)
	Statuses     Statuses      // statuses.csv (l. 213–222)
	PassDL       PassDL        // pass-dl.csv (l. 236–245)
	PassResults  PassResults   // pass-results.csv (l. 249–261)
	Modifiers    []ModifierRow // modifiers.csv
	Scoring      Scoring       // scoring.csv (l. 71, 295, 297)
	FieldColumns []FieldColumn // field-columns.csv (RB-D11), x 1…31 in order
}

// The file names in assets/runeball (SPEC.md §4).
const (
	StatsFile        = "stats.csv"
	SkillsFile       = "skills.csv"
	StatBonusFile    = "stat-bonus.csv"
	ConstantsFile    = "constants.csv"
	KickoffFile      = "kickoff.csv"
	DirectionsFile   = "directions.csv"
	BounceFile       = "bounce.csv"
	RecoveryFile     = "recovery.csv"
	ManeuversFile    = "maneuvers.csv"
	SprintFile       = "sprint.csv"
	BlockFile        = "block.csv"
	WoundsFile       = "wounds.csv"
	StatusesFile     = "statuses.csv"
	PassDLFile       = "pass-dl.csv"
	PassResultsFile  = "pass-results.csv"
	ModifiersFile    = "modifiers.csv"
	ScoringFile      = "scoring.csv"
	FieldColumnsFile = "field-columns.csv"
)

// Files lists the data files in the order Load reads them.
var Files = []string{StatsFile, SkillsFile, StatBonusFile, ConstantsFile, KickoffFile, DirectionsFile,
	BounceFile, RecoveryFile, ManeuversFile, SprintFile, BlockFile, WoundsFile, StatusesFile, PassDLFile,
	PassResultsFile, ModifiersFile, ScoringFile, FieldColumnsFile}

// Load reads and validates the shipped data (assets.Runeball).
func Load() (Tables, error) {
	sub, err := fs.Sub(assets.Runeball, "runeball")
	if err != nil {
		return Tables{}, err
	}
	return LoadFS(sub)
}

// LoadFS reads and validates the data files at the root of fsys. The
// first problem found is returned as an *Error.
func LoadFS(fsys fs.FS) (Tables, error) {
	var t Tables
	steps := []struct {
		file string
		load func([]byte) error
	}{
		{StatsFile, t.loadStats},
		{SkillsFile, t.loadSkills},
		{ConstantsFile, t.loadConstants},
		{StatBonusFile, t.loadStatBonus},
		{KickoffFile, t.loadKickoff},
		{DirectionsFile, t.loadDirections},
		{BounceFile, t.loadBounce},
		{RecoveryFile, t.loadRecovery},
		{ManeuversFile, t.loadManeuvers},
		{SprintFile, t.loadSprint},
		{BlockFile, t.loadBlock},
		{WoundsFile, t.loadWounds},
		{StatusesFile, t.loadStatuses},
		{PassDLFile, t.loadPassDL},
		{PassResultsFile, t.loadPassResults},
		{ModifiersFile, t.loadModifiers},
		{ScoringFile, t.loadScoring},
		{FieldColumnsFile, t.loadFieldColumns},
	}
	for _, s := range steps {
		b, err := fs.ReadFile(fsys, s.file)
		if err != nil {
			return Tables{}, &Error{File: s.file, Msg: "cannot read: " + err.Error()}
		}
		if err := s.load(b); err != nil {
			return Tables{}, err
		}
	}
	return t, nil
}

// decode reads a file's rows and runs each through fn with a rowReader,
// stopping at the first error.
func decode(file string, b []byte, header []string, fn func(r *rowReader)) ([]Row, error) {
	rows, err := DecodeCSV(file, b, header)
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		r := &rowReader{Row: row}
		fn(r)
		if r.err != nil {
			return nil, r.err
		}
	}
	return rows, nil
}

// unique checks that no two rows share a key.
type unique struct {
	col  string
	seen map[string]int
}

func newUnique(col string) *unique { return &unique{col: col, seen: map[string]int{}} }

func (u *unique) add(r *rowReader, key string) {
	if r.err != nil {
		return
	}
	if l, ok := u.seen[key]; ok {
		r.fail(u.col, "%q is already on line %d", key, l)
		return
	}
	u.seen[key] = r.Line
}

// requireAll checks that every wanted key was seen.
func (u *unique) requireAll(file string, want ...string) error {
	var miss []string
	for _, w := range want {
		if _, ok := u.seen[w]; !ok {
			miss = append(miss, w)
		}
	}
	if len(miss) > 0 {
		return &Error{File: file, Msg: fmt.Sprintf("no row for %s (the engine needs it)", strings.Join(miss, ", "))}
	}
	return nil
}

// ---- stats.csv, skills.csv, stat-bonus.csv ----

// StatCodes are the seven stat codes in the order of RB-F1.
var StatCodes = []string{"MUS", "SKL", "SPD", "TOU", "WIT", "TEC", "CHA"}

// StatRow is a row of stats.csv: a stat's code, name and what uses it.
type StatRow struct {
	Code, Name string
	UsedBy     []string // words of used_by; empty for Charisma (RB-F11)
	Source     string
}

func (t *Tables) loadStats(b []byte) error {
	t.Stats = nil
	rows, err := decode(StatsFile, b, []string{"code", "name", "used_by", "source"}, func(r *rowReader) {
		i := len(t.Stats)
		code := r.str("code")
		if r.err == nil && (i >= len(StatCodes) || code != StatCodes[i]) {
			r.fail("code", "%q: the stats are %s, in this order (RB-F1)", code, strings.Join(StatCodes, " "))
		}
		t.Stats = append(t.Stats, StatRow{Code: code, Name: r.str("name"), UsedBy: strings.Fields(r.text("used_by")), Source: r.str("source")})
	})
	if err == nil && len(rows) != len(StatCodes) {
		err = &Error{File: StatsFile, Msg: fmt.Sprintf("%d stats, the game has 7: %s (RB-F1)", len(rows), strings.Join(StatCodes, " "))}
	}
	return err
}

// SkillNames are the five skills of RB-F6, in their order.
var SkillNames = []string{"Block", "Dodge", "Catch", "Pass", "Kick"}

// SkillRow is a row of skills.csv: a skill, its two stats and its base
// level (RB-F6; skill = base + bonus(stat 1) + bonus(stat 2), RB-D3).
type SkillRow struct {
	Skill        string
	Stat1, Stat2 string // stat codes
	Base         int
	Source       string
}

func (t *Tables) loadSkills(b []byte) error {
	t.Skills = nil
	u := newUnique("skill")
	_, err := decode(SkillsFile, b, []string{"skill", "stat_1", "stat_2", "base", "source"}, func(r *rowReader) {
		s := SkillRow{Skill: r.oneOf("skill", SkillNames...), Stat1: r.oneOf("stat_1", StatCodes...),
			Stat2: r.oneOf("stat_2", StatCodes...), Base: r.integer("base", 0, 30), Source: r.str("source")}
		u.add(r, s.Skill)
		t.Skills = append(t.Skills, s)
	})
	if err != nil {
		return err
	}
	return u.requireAll(SkillsFile, SkillNames...)
}

// Skill returns the row of a skill by name.
func (t *Tables) Skill(name string) (SkillRow, bool) {
	for _, s := range t.Skills {
		if s.Skill == name {
			return s, true
		}
	}
	return SkillRow{}, false
}

// StatBonus is stat-bonus.csv: the bonus of every stat from stat_min to
// stat_max (RB-D2), without gaps or overlaps.
type StatBonus struct {
	Rows []StatBonusRow
}

// StatBonusRow is a row of stat-bonus.csv.
type StatBonusRow struct {
	Stats  Range
	Bonus  int
	Source string
}

func (t *Tables) loadStatBonus(b []byte) error {
	t.StatBonus = StatBonus{}
	lo, hi := t.Constants.Int("stat_min"), t.Constants.Int("stat_max")
	var ranges []Range
	rows, err := decode(StatBonusFile, b, []string{"stat_from", "stat_to", "bonus", "source"}, func(r *rowReader) {
		g := Range{Min: r.integer("stat_from", 1, 30), Max: r.integer("stat_to", 1, 30)}
		if r.err == nil && g.Min > g.Max {
			r.fail("stat_to", "%d is below stat_from %d", g.Max, g.Min)
		}
		row := StatBonusRow{Stats: g, Bonus: r.integer("bonus", -10, 10), Source: r.str("source")}
		ranges = append(ranges, g)
		t.StatBonus.Rows = append(t.StatBonus.Rows, row)
	})
	if err != nil {
		return err
	}
	return checkCover(StatBonusFile, rows, ranges, "stat_from", lo, hi)
}

// Of returns the bonus of a stat; ok is false outside the table.
func (s StatBonus) Of(stat int) (bonus int, ok bool) {
	for _, r := range s.Rows {
		if r.Stats.Contains(stat) {
			return r.Bonus, true
		}
	}
	return 0, false
}

// ---- constants.csv ----

// constKind says how a constant's value is typed.
type constKind int

const (
	kindInt  constKind = iota // a whole number
	kindDice                  // dice, such as 2d6+4 or d12
)

// constantKeys is every key constants.csv must hold, with its type
// (SPEC.md §4). A file with another key is refused (a typo would
// otherwise go unnoticed).
var constantKeys = map[string]constKind{
	"team_size": kindInt, "on_field": kindInt, "stat_roll": kindDice, "stat_rolls": kindInt,
	"stats_kept": kindInt, "improve_plus": kindInt, "improve_raise_to": kindInt, "stat_min": kindInt,
	"stat_max": kindInt, "skill_base": kindInt, "hp_constant": kindInt, "move_base": kindInt,
	"move_fast_speed": kindInt, "move_fast_bonus": kindInt, "wound_number_divisor": kindInt,
	"test_die": kindDice, "initiative_die": kindDice, "blitz_initiative_window": kindInt,
	"blitz_penalty": kindInt, "tackle_penalty": kindInt, "sprint_attack_penalty": kindInt,
	"defense_degrade": kindInt, "exertion_max_per_test": kindInt, "exertion_hp_cost": kindDice,
	"armour": kindInt, "damage_die": kindDice, "neutral_zone_x": kindInt, "end_zone_depth": kindInt,
	"field_length": kindInt, "field_width": kindInt, "cells": kindInt,
	"kicker_max_columns_from_end_line": kindInt, "kickoff_dl": kindInt, "kickoff_catch_dl": kindInt,
	"recover_bouncing_dl": kindInt, "recover_rest_dl": kindInt, "per_adjacent_opponent_recovery": kindInt,
	"pass_min_range": kindInt, "pass_max_range": kindInt, "per_adjacent_defender_pass": kindInt,
	"per_adjacent_defender_in_front_pass": kindInt, "per_adjacent_defender_catch": kindInt,
	"per_adjacent_passer_teammate_intercept": kindInt, "handoff_catch_dl": kindInt,
	"field_goal_dl_base": kindInt, "per_adjacent_opponent_field_goal": kindInt,
	"per_adjacent_opponent_in_front_field_goal": kindInt, "field_goal_miss_scatter": kindDice,
	"rebound_catch_dl": kindInt, "shake_off_heal": kindDice, "rounds_per_half": kindInt, "halves": kindInt,
}

// Constant is a row of constants.csv, in file order.
type Constant struct {
	Key, Value, Source string
}

// Constants is constants.csv: every number of the rules by key. Load
// guarantees every key of the spec is present and typed, so Int and Dice
// panic only on a key the program misspells.
type Constants struct {
	Rows []Constant
	ints map[string]int
	dice map[string]Dice
}

// Int returns a whole-number constant, e.g. Int("team_size") = 9. It
// panics if key is not a whole-number key of constants.csv (a programming
// error: Load has checked the file).
func (c Constants) Int(key string) int {
	n, ok := c.ints[key]
	if !ok {
		panic("runeball data: no whole-number constant " + key)
	}
	return n
}

// Dice returns a dice constant, e.g. Dice("stat_roll") = 2d6+4. It panics
// if key is not a dice key of constants.csv.
func (c Constants) Dice(key string) Dice {
	d, ok := c.dice[key]
	if !ok {
		panic("runeball data: no dice constant " + key)
	}
	return d
}

// Value returns a constant as written in the file.
func (c Constants) Value(key string) (string, bool) {
	for _, r := range c.Rows {
		if r.Key == key {
			return r.Value, true
		}
	}
	return "", false
}

func (t *Tables) loadConstants(b []byte) error {
	c := Constants{ints: map[string]int{}, dice: map[string]Dice{}}
	u := newUnique("key")
	_, err := decode(ConstantsFile, b, []string{"key", "value", "source"}, func(r *rowReader) {
		key := r.str("key")
		kind, known := constantKeys[key]
		if r.err == nil && !known {
			r.fail("key", "%q is not a constant of the game", key)
		}
		u.add(r, key)
		switch kind {
		case kindInt:
			c.ints[key] = r.integer("value", -999, 9999)
		case kindDice:
			c.dice[key], _ = r.dice("value", false)
		}
		c.Rows = append(c.Rows, Constant{Key: key, Value: r.Get("value"), Source: r.str("source")})
	})
	if err != nil {
		return err
	}
	var keys []string
	for _, k := range sortedKeys(constantKeys) {
		keys = append(keys, k)
	}
	if err := u.requireAll(ConstantsFile, keys...); err != nil {
		return err
	}
	for _, chk := range []struct {
		ok  bool
		msg string
	}{
		{c.ints["on_field"] >= 1 && c.ints["on_field"] <= c.ints["team_size"], "on_field must be 1…team_size"},
		{c.ints["stats_kept"] == len(StatCodes) && c.ints["stat_rolls"] >= c.ints["stats_kept"], "stats_kept must be 7 and stat_rolls at least stats_kept"},
		{c.ints["stat_min"] >= 1 && c.ints["stat_min"] <= c.dice["stat_roll"].Min() && c.ints["stat_max"] >= c.dice["stat_roll"].Max() && c.ints["stat_max"] <= 30, "stat_min…stat_max must hold every stat_roll total"},
		{c.ints["wound_number_divisor"] >= 1, "wound_number_divisor must be 1 or more"},
		{c.ints["pass_min_range"] >= 1 && c.ints["pass_min_range"] <= c.ints["pass_max_range"], "pass_min_range must be 1…pass_max_range"},
		{c.ints["field_length"] >= 3 && c.ints["field_length"] <= 99 && c.ints["field_length"]%2 == 1, "field_length must be odd, 3–99"},
		{c.ints["rounds_per_half"] >= 1 && c.ints["halves"] >= 1, "rounds_per_half and halves must be 1 or more"},
	} {
		if !chk.ok {
			return &Error{File: ConstantsFile, Msg: chk.msg}
		}
	}
	t.Constants = c
	return nil
}

func sortedKeys(m map[string]constKind) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// ---- kickoff.csv ----

// KickoffRow is a row of kickoff.csv: for a Kick margin against the
// kickoff DL, the result and the scatter distance (dice − minus hexes).
type KickoffRow struct {
	Margin        Range
	Result        string // "scatter" or "out-of-bounds"
	Distance      Dice   // zero for out-of-bounds
	DistanceMinus int
	Source        string
}

// Kickoff is kickoff.csv; its margins cover every integer once.
type Kickoff struct{ Rows []KickoffRow }

// For returns the row of a kick's margin (RB-D1: total − DL).
func (k Kickoff) For(margin int) KickoffRow {
	for _, r := range k.Rows {
		if r.Margin.Contains(margin) {
			return r
		}
	}
	panic("runeball data: kickoff.csv does not cover every margin")
}

func (t *Tables) loadKickoff(b []byte) error {
	t.Kickoff = Kickoff{}
	var ranges []Range
	rows, err := decode(KickoffFile, b, []string{"margin_min", "margin_max", "result", "distance_dice", "distance_minus", "source"}, func(r *rowReader) {
		k := KickoffRow{Margin: r.margin("margin_min", "margin_max"), Result: r.oneOf("result", "scatter", "out-of-bounds")}
		if k.Result == "scatter" {
			k.Distance, _ = r.dice("distance_dice", false)
			k.DistanceMinus = r.integer("distance_minus", 0, 99)
		} else if r.err == nil && (r.Get("distance_dice") != "" || r.Get("distance_minus") != "") {
			r.fail("distance_dice", "out-of-bounds has no distance (leave distance_dice and distance_minus empty)")
		}
		k.Source = r.str("source")
		ranges = append(ranges, k.Margin)
		t.Kickoff.Rows = append(t.Kickoff.Rows, k)
	})
	if err != nil {
		return err
	}
	return checkCover(KickoffFile, rows, ranges, "margin_min", math.MinInt, math.MaxInt)
}

// ---- directions.csv ----

// Direction is a row of directions.csv: a d6 result, its compass name and
// its step in the doubled-height coordinates of SPEC.md §2.2 (RB-D16).
type Direction struct {
	D6     int
	Name   string
	DX, DY int
	Source string
}

// Directions is directions.csv: one row for each d6 result, six different
// hex neighbours.
type Directions struct{ Rows []Direction }

// ForD6 returns the direction of a d6 result (1–6).
func (d Directions) ForD6(n int) (Direction, bool) {
	for _, r := range d.Rows {
		if r.D6 == n {
			return r, true
		}
	}
	return Direction{}, false
}

func (t *Tables) loadDirections(b []byte) error {
	t.Directions = Directions{}
	var ranges []Range
	steps := newUnique("dx")
	names := newUnique("name")
	rows, err := decode(DirectionsFile, b, []string{"d6", "name", "dx", "dy", "source"}, func(r *rowReader) {
		d := Direction{D6: r.dieValue("d6", 6), Name: r.str("name"), DX: r.integer("dx", -1, 1), DY: r.integer("dy", -2, 2), Source: r.str("source")}
		if r.err == nil && !((d.DX == 0 && (d.DY == 2 || d.DY == -2)) || (d.DX != 0 && (d.DY == 1 || d.DY == -1))) {
			r.fail("dy", "%d,%d is not a step to a neighbouring hex (0,±2 or ±1,±1; §2.2)", d.DX, d.DY)
		}
		names.add(r, d.Name)
		steps.add(r, fmt.Sprintf("%d,%d", d.DX, d.DY))
		ranges = append(ranges, Range{d.D6, d.D6})
		t.Directions.Rows = append(t.Directions.Rows, d)
	})
	if err != nil {
		return err
	}
	return checkCover(DirectionsFile, rows, ranges, "d6", 1, 6)
}

// ---- bounce.csv ----

// BounceRow is a row of bounce.csv: which die (first: direction, second:
// does the ball stop), the results it covers and their meaning.
type BounceRow struct {
	Die     string // "first" or "second"
	Values  Range
	Meaning string
	Stops   bool // second die: the ball comes to rest ("ball stops…")
	Source  string
}

// Bounce is bounce.csv: each die's rows cover 1–6 once.
type Bounce struct{ Rows []BounceRow }

// Stops reports whether the second d6 of a bounce stops the ball (l. 79).
func (b Bounce) Stops(d6 int) bool {
	for _, r := range b.Rows {
		if r.Die == "second" && r.Values.Contains(d6) {
			return r.Stops
		}
	}
	return false
}

func (t *Tables) loadBounce(b []byte) error {
	t.Bounce = Bounce{}
	var rows [2][]Row
	var ranges [2][]Range
	_, err := decode(BounceFile, b, []string{"die", "value_from", "value_to", "meaning", "source"}, func(r *rowReader) {
		x := BounceRow{Die: r.oneOf("die", "first", "second"), Values: r.die("value_from", "value_to", 6), Meaning: r.str("meaning"), Source: r.str("source")}
		i := 0
		if x.Die == "second" {
			i = 1
			switch {
			case strings.HasPrefix(x.Meaning, "ball stops"):
				x.Stops = true
			case strings.HasPrefix(x.Meaning, "ball keeps bouncing"):
			default:
				r.fail("meaning", "%q: a second-die meaning starts with \"ball stops\" or \"ball keeps bouncing\"", x.Meaning)
			}
		}
		rows[i] = append(rows[i], r.Row)
		ranges[i] = append(ranges[i], x.Values)
		t.Bounce.Rows = append(t.Bounce.Rows, x)
	})
	if err != nil {
		return err
	}
	for i := range rows {
		if err := checkCover(BounceFile, rows[i], ranges[i], "value_from", 1, 6); err != nil {
			if e, ok := err.(*Error); ok && e.Line == 0 {
				e.Msg = []string{"first", "second"}[i] + " die: " + e.Msg
			}
			return err
		}
	}
	return nil
}

// ---- recovery.csv ----

// The recovery situations the engine looks up (recovery.csv's situation up
// to " (").
const (
	RecoverBouncing      = "bouncing ball"
	RecoverAtRest        = "ball at rest"
	RecoverKickoffCatch  = "kickoff catch"
	RecoverHandoffCatch  = "handoff catch"
	RecoverReboundCatch  = "field goal rebound catch"
	RecoverScatteredPass = "scattered pass catch"
)

// RecoveryRow is a row of recovery.csv: a situation, its DL and the DL
// increase per standing adjacent opponent.
type RecoveryRow struct {
	Situation           string // as written
	Key                 string // Situation up to " (", e.g. "bouncing ball"
	DL                  int
	PerAdjacentOpponent int
	Source              string
}

// Recovery is recovery.csv.
type Recovery struct{ Rows []RecoveryRow }

// For returns the row of a situation key (RecoverBouncing, …).
func (r Recovery) For(key string) (RecoveryRow, bool) {
	for _, x := range r.Rows {
		if x.Key == key {
			return x, true
		}
	}
	return RecoveryRow{}, false
}

func (t *Tables) loadRecovery(b []byte) error {
	t.Recovery = Recovery{}
	u := newUnique("situation")
	_, err := decode(RecoveryFile, b, []string{"situation", "dl", "per_adjacent_opponent", "source"}, func(r *rowReader) {
		x := RecoveryRow{Situation: r.str("situation"), DL: r.integer("dl", 0, 99), PerAdjacentOpponent: r.integer("per_adjacent_opponent", 0, 99), Source: r.str("source")}
		x.Key, _, _ = strings.Cut(x.Situation, " (")
		x.Key = strings.TrimSpace(x.Key)
		u.add(r, x.Key)
		t.Recovery.Rows = append(t.Recovery.Rows, x)
	})
	if err != nil {
		return err
	}
	return u.requireAll(RecoveryFile, RecoverBouncing, RecoverAtRest, RecoverKickoffCatch, RecoverHandoffCatch, RecoverReboundCatch, RecoverScatteredPass)
}

// ---- maneuvers.csv ----

// ManeuverNames are the maneuvers of maneuvers.csv the engine implements.
var ManeuverNames = []string{"Blitz", "Full Move", "Block", "Half Move", "Handoff", "Kick", "Pass", "Pickup", "Sprint", "Tackle", "Stand", "Shake It Off", "Hold"}

// Maneuver is a row of maneuvers.csv (l. 99–118).
type Maneuver struct {
	Name           string
	Time           string // "none", "half" or "full"
	EndsTurn       bool
	AttackModifier int // 0 when empty
	Notes, Source  string
}

// Maneuvers is maneuvers.csv.
type Maneuvers struct{ Rows []Maneuver }

// Named returns a maneuver by name ("Full Move").
func (m Maneuvers) Named(name string) (Maneuver, bool) {
	for _, x := range m.Rows {
		if x.Name == name {
			return x, true
		}
	}
	return Maneuver{}, false
}

func (t *Tables) loadManeuvers(b []byte) error {
	t.Maneuvers = Maneuvers{}
	u := newUnique("maneuver")
	_, err := decode(ManeuversFile, b, []string{"maneuver", "time", "ends_turn", "attack_modifier", "notes", "source"}, func(r *rowReader) {
		m := Maneuver{Name: r.oneOf("maneuver", ManeuverNames...), Time: r.oneOf("time", "none", "half", "full"), EndsTurn: r.yesNo("ends_turn")}
		m.AttackModifier, _ = r.optInt("attack_modifier", -20, 20)
		m.Notes, m.Source = r.text("notes"), r.str("source")
		u.add(r, m.Name)
		t.Maneuvers.Rows = append(t.Maneuvers.Rows, m)
	})
	if err != nil {
		return err
	}
	return u.requireAll(ManeuversFile, ManeuverNames...)
}

// ---- sprint.csv ----

// SprintRow is a row of sprint.csv: on a half or full move, the extra
// hexes a sprint buys and their Exertion.
type SprintRow struct {
	Move       string // "half" or "full"
	ExtraHexes int
	Exertion   int
	Source     string
}

// Sprint is sprint.csv.
type Sprint struct{ Rows []SprintRow }

// Exertion returns the Exertion of sprinting extra hexes on a move ("half"
// or "full"); ok is false when the table does not allow it.
func (s Sprint) Exertion(move string, extra int) (exertion int, ok bool) {
	for _, r := range s.Rows {
		if r.Move == move && r.ExtraHexes == extra {
			return r.Exertion, true
		}
	}
	return 0, false
}

// MaxExtra is the most extra hexes a sprint allows on a move.
func (s Sprint) MaxExtra(move string) int {
	n := 0
	for _, r := range s.Rows {
		if r.Move == move && r.ExtraHexes > n {
			n = r.ExtraHexes
		}
	}
	return n
}

func (t *Tables) loadSprint(b []byte) error {
	t.Sprint = Sprint{}
	u := newUnique("extra_hexes")
	_, err := decode(SprintFile, b, []string{"move", "extra_hexes", "exertion", "source"}, func(r *rowReader) {
		s := SprintRow{Move: r.oneOf("move", "half", "full"), ExtraHexes: r.integer("extra_hexes", 1, 9), Exertion: r.integer("exertion", 0, 9), Source: r.str("source")}
		u.add(r, fmt.Sprintf("%s %d", s.Move, s.ExtraHexes))
		t.Sprint.Rows = append(t.Sprint.Rows, s)
	})
	if err != nil {
		return err
	}
	return u.requireAll(SprintFile, "half 1", "full 1")
}

// ---- block.csv ----

// BlockRow is a row of block.csv: for the opposed block margin (blocker's
// total − defender's total, RB-D1), the knockback, who goes down and who
// takes damage.
type BlockRow struct {
	Margin       Range
	Knockback    int
	DefenderDown string // "always", "if_wound" or "no"
	BlockerDown  bool
	DamageTo     string // "defender", "blocker" or "none"
	Source       string
}

// Block is block.csv; its margins cover every integer once.
type Block struct{ Rows []BlockRow }

// For returns the row of a block's margin.
func (k Block) For(margin int) BlockRow {
	for _, r := range k.Rows {
		if r.Margin.Contains(margin) {
			return r
		}
	}
	panic("runeball data: block.csv does not cover every margin")
}

func (t *Tables) loadBlock(b []byte) error {
	t.Block = Block{}
	var ranges []Range
	rows, err := decode(BlockFile, b, []string{"margin_min", "margin_max", "knockback", "defender_down", "blocker_down", "damage_to", "source"}, func(r *rowReader) {
		k := BlockRow{Margin: r.margin("margin_min", "margin_max"), Knockback: r.integer("knockback", 0, 9),
			DefenderDown: r.oneOf("defender_down", "always", "if_wound", "no"), BlockerDown: r.yesNo("blocker_down"),
			DamageTo: r.oneOf("damage_to", "defender", "blocker", "none"), Source: r.str("source")}
		ranges = append(ranges, k.Margin)
		t.Block.Rows = append(t.Block.Rows, k)
	})
	if err != nil {
		return err
	}
	return checkCover(BlockFile, rows, ranges, "margin_min", math.MinInt, math.MaxInt)
}

// ---- wounds.csv ----

// WoundRow is a row of wounds.csv (d12, l. 201–210): the statuses a wound
// gives (counts; a status that does not stack is 0 or 1) and whether the
// player goes Out and rolls again.
type WoundRow struct {
	D12                                   Range
	Name                                  string
	Bruise, Bleed, Stun, Slow, Weak, Pain int
	Out, RollAgain                        bool
	Source                                string
}

// Wounds is wounds.csv; its rows cover 1–12 once.
type Wounds struct{ Rows []WoundRow }

// ForD12 returns the wound of a d12 result; ok is false outside 1–12.
func (w Wounds) ForD12(n int) (WoundRow, bool) {
	for _, r := range w.Rows {
		if r.D12.Contains(n) {
			return r, true
		}
	}
	return WoundRow{}, false
}

func (t *Tables) loadWounds(b []byte) error {
	t.Wounds = Wounds{}
	var ranges []Range
	names := newUnique("name")
	rows, err := decode(WoundsFile, b, []string{"d12_from", "d12_to", "name", "bruise", "bleed", "stun", "slow", "weak", "pain", "out", "roll_again", "source"}, func(r *rowReader) {
		w := WoundRow{D12: r.die("d12_from", "d12_to", 12), Name: r.str("name"),
			Bruise: r.integer("bruise", 0, 9), Bleed: r.integer("bleed", 0, 9), Stun: r.integer("stun", 0, 1),
			Slow: r.integer("slow", 0, 9), Weak: r.integer("weak", 0, 1), Pain: r.integer("pain", 0, 9),
			Out: r.flag("out"), RollAgain: r.flag("roll_again"), Source: r.str("source")}
		names.add(r, w.Name)
		ranges = append(ranges, w.D12)
		t.Wounds.Rows = append(t.Wounds.Rows, w)
	})
	if err != nil {
		return err
	}
	return checkCover(WoundsFile, rows, ranges, "d12_from", 1, 12)
}

// ---- statuses.csv ----

// StatusNames are the statuses of statuses.csv the engine implements.
var StatusNames = []string{"Bleed", "Stun", "Bruise", "Slow", "Weak", "Pain", "Out"}

// StatusRow is a row of statuses.csv (l. 213–222): for help screens, and
// whether the status stacks.
type StatusRow struct {
	Status                    string
	Stacks                    bool
	Effect, RemovedBy, Source string
}

// Statuses is statuses.csv.
type Statuses struct{ Rows []StatusRow }

// Named returns a status's row.
func (s Statuses) Named(name string) (StatusRow, bool) {
	for _, r := range s.Rows {
		if r.Status == name {
			return r, true
		}
	}
	return StatusRow{}, false
}

func (t *Tables) loadStatuses(b []byte) error {
	t.Statuses = Statuses{}
	u := newUnique("status")
	_, err := decode(StatusesFile, b, []string{"status", "stacks", "effect", "removed_by", "source"}, func(r *rowReader) {
		s := StatusRow{Status: r.oneOf("status", StatusNames...), Stacks: r.yesNo("stacks"), Effect: r.str("effect"), RemovedBy: r.str("removed_by"), Source: r.str("source")}
		u.add(r, s.Status)
		t.Statuses.Rows = append(t.Statuses.Rows, s)
	})
	if err != nil {
		return err
	}
	return u.requireAll(StatusesFile, StatusNames...)
}

// ---- pass-dl.csv ----

// PassDLRow is a row of pass-dl.csv: a band of pass ranges (hexes) and its
// DL.
type PassDLRow struct {
	Hexes  Range
	DL     int
	Source string
}

// PassDL is pass-dl.csv; its rows cover pass_min_range…pass_max_range
// (constants.csv) once.
type PassDL struct{ Rows []PassDLRow }

// For returns the DL of a pass over hexes; ok is false out of range.
func (p PassDL) For(hexes int) (dl int, ok bool) {
	for _, r := range p.Rows {
		if r.Hexes.Contains(hexes) {
			return r.DL, true
		}
	}
	return 0, false
}

func (t *Tables) loadPassDL(b []byte) error {
	t.PassDL = PassDL{}
	var ranges []Range
	rows, err := decode(PassDLFile, b, []string{"range_from", "range_to", "dl", "source"}, func(r *rowReader) {
		g := Range{Min: r.integer("range_from", 1, 99), Max: r.integer("range_to", 1, 99)}
		if r.err == nil && g.Min > g.Max {
			r.fail("range_to", "%d is below range_from %d", g.Max, g.Min)
		}
		p := PassDLRow{Hexes: g, DL: r.integer("dl", 0, 99), Source: r.str("source")}
		ranges = append(ranges, g)
		t.PassDL.Rows = append(t.PassDL.Rows, p)
	})
	if err != nil {
		return err
	}
	return checkCover(PassDLFile, rows, ranges, "range_from", t.Constants.Int("pass_min_range"), t.Constants.Int("pass_max_range"))
}

// ---- pass-results.csv ----

// PassResult is a row of pass-results.csv: for a pass's margin, the
// result, the receiver's catch DL and an interceptor's DL (0 = none), the
// scatter dice and whether the pass is fumbled.
type PassResult struct {
	Margin      Range
	Result      string // perfect, accurate, off-target, off-target-scatter, fumble
	CatchDL     int
	InterceptDL int
	Scatter     Dice // zero when the ball does not scatter
	Fumble      bool
	Source      string
}

// PassResults is pass-results.csv; its margins cover every integer once.
type PassResults struct{ Rows []PassResult }

// For returns the row of a pass's margin.
func (p PassResults) For(margin int) PassResult {
	for _, r := range p.Rows {
		if r.Margin.Contains(margin) {
			return r
		}
	}
	panic("runeball data: pass-results.csv does not cover every margin")
}

func (t *Tables) loadPassResults(b []byte) error {
	t.PassResults = PassResults{}
	var ranges []Range
	rows, err := decode(PassResultsFile, b, []string{"margin_min", "margin_max", "result", "catch_dl", "intercept_dl", "scatter_dice", "fumble", "source"}, func(r *rowReader) {
		p := PassResult{Margin: r.margin("margin_min", "margin_max"),
			Result: r.oneOf("result", "perfect", "accurate", "off-target", "off-target-scatter", "fumble")}
		var okC, okI bool
		p.CatchDL, okC = r.optInt("catch_dl", 1, 99)
		p.InterceptDL, okI = r.optInt("intercept_dl", 1, 99)
		p.Scatter, _ = r.dice("scatter_dice", true)
		p.Fumble = r.yesNo("fumble")
		p.Source = r.str("source")
		if r.err == nil {
			switch {
			case p.Fumble && (okC || okI):
				r.fail("catch_dl", "a fumble has no catch_dl or intercept_dl")
			case !p.Fumble && !okC:
				r.fail("catch_dl", "empty (a pass that is not fumbled needs a catch DL)")
			case !p.Fumble && !okI:
				r.fail("intercept_dl", "empty (a pass that is not fumbled needs an intercept DL)")
			}
		}
		ranges = append(ranges, p.Margin)
		t.PassResults.Rows = append(t.PassResults.Rows, p)
	})
	if err != nil {
		return err
	}
	return checkCover(PassResultsFile, rows, ranges, "margin_min", math.MinInt, math.MaxInt)
}

// ---- modifiers.csv ----

// ModifierRow is a row of modifiers.csv: a test, the situation, and the DL
// change per occurrence.
type ModifierRow struct {
	Test      string // recovery, pass, catch, intercept, field_goal
	Situation string
	DLChange  int
	Source    string
}

func (t *Tables) loadModifiers(b []byte) error {
	t.Modifiers = nil
	_, err := decode(ModifiersFile, b, []string{"test", "situation", "dl_change", "source"}, func(r *rowReader) {
		t.Modifiers = append(t.Modifiers, ModifierRow{Test: r.oneOf("test", "recovery", "pass", "catch", "intercept", "field_goal"),
			Situation: r.str("situation"), DLChange: r.integer("dl_change", -20, 20), Source: r.str("source")})
	})
	return err
}

// ---- scoring.csv ----

// ScoringEvents are the events of scoring.csv (RB-F90–RB-F92).
var ScoringEvents = []string{"touchdown", "field_goal", "turnover"}

// ScoreRow is a row of scoring.csv.
type ScoreRow struct {
	Event  string
	Points int
	Source string
}

// Scoring is scoring.csv.
type Scoring struct{ Rows []ScoreRow }

// Points returns the points of an event ("touchdown" → 7).
func (s Scoring) Points(event string) int {
	for _, r := range s.Rows {
		if r.Event == event {
			return r.Points
		}
	}
	panic("runeball data: no scoring event " + event)
}

func (t *Tables) loadScoring(b []byte) error {
	t.Scoring = Scoring{}
	u := newUnique("event")
	_, err := decode(ScoringFile, b, []string{"event", "points", "source"}, func(r *rowReader) {
		s := ScoreRow{Event: r.oneOf("event", ScoringEvents...), Points: r.integer("points", 0, 99), Source: r.str("source")}
		u.add(r, s.Event)
		t.Scoring.Rows = append(t.Scoring.Rows, s)
	})
	if err != nil {
		return err
	}
	return u.requireAll(ScoringFile, ScoringEvents...)
}

// ---- field-columns.csv ----

// FieldColumn is a row of field-columns.csv (RB-D11): one column x of the
// field, its zone and side, its cells (full hexes at full_y_from…full_y_to
// step 2, plus the half-hexes), the goal post's y and whose kicker zone it
// belongs to.
type FieldColumn struct {
	X            int
	Zone         string // home-end-zone, home-side, neutral, away-side, away-end-zone
	Side         string // home, away, none
	Cells        int
	FullY        Range
	HalfHexY     []int
	GoalPostY    int    // 0 = none
	KickerZoneOf string // "home", "away" or ""
	Source       string
}

func (t *Tables) loadFieldColumns(b []byte) error {
	t.FieldColumns = nil
	length, width := t.Constants.Int("field_length"), t.Constants.Int("field_width")
	maxY := 2*width + 1
	total := 0
	_, err := decode(FieldColumnsFile, b, []string{"x", "zone", "side", "cells", "full_y_from", "full_y_to", "half_hex_y", "goal_post_y", "kicker_zone_of", "source"}, func(r *rowReader) {
		c := FieldColumn{X: r.integer("x", 1, length)}
		if r.err == nil && c.X != len(t.FieldColumns)+1 {
			r.fail("x", "%d: the columns are 1…%d in order (expected %d)", c.X, length, len(t.FieldColumns)+1)
		}
		c.Zone = r.oneOf("zone", "home-end-zone", "home-side", "neutral", "away-side", "away-end-zone")
		c.Side = r.oneOf("side", "home", "away", "none")
		if r.err == nil && !strings.HasPrefix(c.Zone, c.Side) && !(c.Zone == "neutral" && c.Side == "none") {
			r.fail("side", "%q does not fit zone %q", c.Side, c.Zone)
		}
		c.Cells = r.integer("cells", 1, maxY)
		c.FullY = Range{Min: r.integer("full_y_from", 1, maxY), Max: r.integer("full_y_to", 1, maxY)}
		if r.err == nil && (c.FullY.Min > c.FullY.Max || (c.X+c.FullY.Min)%2 != 0 || (c.X+c.FullY.Max)%2 != 0) {
			r.fail("full_y_to", "%d…%d: x + y must be even at both ends (§2.2)", c.FullY.Min, c.FullY.Max)
		}
		for _, f := range strings.Fields(r.text("half_hex_y")) {
			sub := rowReader{Row: Row{File: r.File, Line: r.Line, header: []string{"half_hex_y"}, fields: []string{f}}}
			y := sub.integer("half_hex_y", 1, maxY)
			if sub.err == nil && (c.X+y)%2 != 0 {
				sub.fail("half_hex_y", "%d: x + y must be even (§2.2)", y)
			}
			if sub.err != nil && r.err == nil {
				r.err = sub.err
			}
			c.HalfHexY = append(c.HalfHexY, y)
		}
		c.GoalPostY, _ = r.optInt("goal_post_y", 1, maxY)
		if r.Get("kicker_zone_of") != "" {
			c.KickerZoneOf = r.oneOf("kicker_zone_of", "home", "away")
		}
		c.Source = r.str("source")
		if want := columnZone(c.X, length, t.Constants); r.err == nil && c.Zone != want {
			r.fail("zone", "%q, but constants.csv (neutral_zone_x, end_zone_depth, field_length) make column %d %q", c.Zone, c.X, want)
		}
		if want := kickerZoneOf(c.X, length, t.Constants); r.err == nil && c.KickerZoneOf != want {
			r.fail("kicker_zone_of", "%q, but kicker_max_columns_from_end_line makes column %d %q", c.KickerZoneOf, c.X, want)
		}
		if want := (c.FullY.Max-c.FullY.Min)/2 + 1 + len(c.HalfHexY); r.err == nil && c.Cells != want {
			r.fail("cells", "%d, but full_y and half_hex_y give %d", c.Cells, want)
		}
		total += c.Cells
		t.FieldColumns = append(t.FieldColumns, c)
	})
	if err != nil {
		return err
	}
	if len(t.FieldColumns) != length {
		return &Error{File: FieldColumnsFile, Msg: fmt.Sprintf("%d columns, field_length is %d", len(t.FieldColumns), length)}
	}
	if want := t.Constants.Int("cells"); total != want {
		return &Error{File: FieldColumnsFile, Msg: fmt.Sprintf("%d cells in all, constants.csv cells is %d", total, want)}
	}
	return nil
}

// columnZone is the zone of column x by the constants (RB-D11).
func columnZone(x, length int, c Constants) string {
	depth, mid := c.Int("end_zone_depth"), c.Int("neutral_zone_x")
	switch {
	case x <= depth:
		return "home-end-zone"
	case x > length-depth:
		return "away-end-zone"
	case x < mid:
		return "home-side"
	case x > mid:
		return "away-side"
	}
	return "neutral"
}

// kickerZoneOf is the team whose kicker zone holds column x (RB-D15), or "".
func kickerZoneOf(x, length int, c Constants) string {
	n := c.Int("kicker_max_columns_from_end_line")
	switch {
	case x <= n:
		return "home"
	case x > length-n:
		return "away"
	}
	return ""
}

// ModifiersOf returns the rows of modifiers.csv for a test ("pass",
// "field_goal", …), in file order.
func (t *Tables) ModifiersOf(test string) []ModifierRow {
	var out []ModifierRow
	for _, m := range t.Modifiers {
		if m.Test == test {
			out = append(out, m)
		}
	}
	return out
}
