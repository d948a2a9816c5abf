package data

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/commandconsole/commandconsole/assets"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// shipped returns the embedded files as a MapFS tests can break.
func shipped(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	for _, f := range Files {
		b, err := fs.ReadFile(assets.Runeball, "runeball/"+f)
		if err != nil {
			t.Fatal(err)
		}
		m[f] = &fstest.MapFile{Data: b}
	}
	return m
}

func load(t *testing.T) Tables {
	t.Helper()
	tb, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return tb
}

// TestFilesAreSpecSection4: every assets/runeball CSV is byte for byte its
// block in SPEC.md §4 (a verbatim copy in testdata/spec-section-4.md), and
// there is no other file but the README.
func TestFilesAreSpecSection4(t *testing.T) {
	spec, err := os.ReadFile("testdata/spec-section-4.md")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?s)\\*\\*`([a-z-]+\\.csv)`\\*\\*[^\\n]*\\n```csv\\n(.*?)```")
	blocks := map[string]string{}
	for _, m := range re.FindAllStringSubmatch(string(spec), -1) {
		blocks[m[1]] = m[2]
	}
	if len(blocks) != 18 || len(Files) != 18 {
		t.Fatalf("§4 has %d files, Files %d; want 18", len(blocks), len(Files))
	}
	for _, f := range Files {
		b, err := fs.ReadFile(assets.Runeball, "runeball/"+f)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(b), blocks[f]; got != want {
			t.Errorf("%s differs from SPEC.md §4:\ngot\n%s\nwant\n%s", f, got, want)
		}
	}
	entries, err := fs.ReadDir(assets.Runeball, "runeball")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := blocks[e.Name()]; !ok && e.Name() != "README.md" {
			t.Errorf("assets/runeball/%s is not a §4 file", e.Name())
		}
	}
}

// TestConstants: every whole-number and dice constant as §4 gives it.
func TestConstants(t *testing.T) {
	c := load(t).Constants
	ints := map[string]int{
		"team_size": 9, "on_field": 7, "stat_rolls": 8, "stats_kept": 7, "improve_plus": 1,
		"improve_raise_to": 8, "stat_min": 6, "stat_max": 17, "skill_base": 8, "hp_constant": 8,
		"move_base": 6, "move_fast_speed": 15, "move_fast_bonus": 1, "wound_number_divisor": 4,
		"blitz_initiative_window": 3, "blitz_penalty": -2, "tackle_penalty": -1, "sprint_attack_penalty": -2,
		"defense_degrade": -2, "exertion_max_per_test": 2, "armour": 2, "neutral_zone_x": 16,
		"end_zone_depth": 3, "field_length": 31, "field_width": 15, "cells": 481,
		"kicker_max_columns_from_end_line": 6, "kickoff_dl": 10, "kickoff_catch_dl": 8,
		"recover_bouncing_dl": 12, "recover_rest_dl": 8, "per_adjacent_opponent_recovery": 2,
		"pass_min_range": 2, "pass_max_range": 18, "per_adjacent_defender_pass": 1,
		"per_adjacent_defender_in_front_pass": 2, "per_adjacent_defender_catch": 2,
		"per_adjacent_passer_teammate_intercept": 2, "handoff_catch_dl": 8, "field_goal_dl_base": 6,
		"per_adjacent_opponent_field_goal": 1, "per_adjacent_opponent_in_front_field_goal": 2,
		"rebound_catch_dl": 8, "rounds_per_half": 8, "halves": 2,
	}
	for k, want := range ints {
		if got := c.Int(k); got != want {
			t.Errorf("Int(%q) = %d, want %d", k, got, want)
		}
	}
	dice := map[string]Dice{
		"stat_roll": {2, 6, 4}, "test_die": {1, 12, 0}, "initiative_die": {1, 12, 0}, "exertion_hp_cost": {1, 4, 0},
		"damage_die": {1, 4, 0}, "field_goal_miss_scatter": {1, 8, -1}, "shake_off_heal": {1, 6, 0},
	}
	for k, want := range dice {
		if got := c.Dice(k); got != want {
			t.Errorf("Dice(%q) = %v, want %v", k, got, want)
		}
	}
	if n := len(ints) + len(dice); n != len(c.Rows) || n != len(constantKeys) {
		t.Errorf("%d constants tested, file has %d, schema %d", n, len(c.Rows), len(constantKeys))
	}
	// roster's formulas use these numbers as Go constants: they must agree.
	for k, v := range map[string]int{"stat_min": roster.StatMin, "stat_max": roster.StatMax, "stat_rolls": roster.NumRolls,
		"stats_kept": roster.NumStats, "improve_raise_to": roster.ImproveTo, "skill_base": roster.SkillBase,
		"hp_constant": roster.HPConstant, "move_base": roster.MoveBase, "move_fast_speed": roster.MoveFastSPD,
		"wound_number_divisor": roster.WNDivisor, "armour": roster.Armour, "team_size": roster.TeamSize, "on_field": roster.OnField} {
		if c.Int(k) != v {
			t.Errorf("constants.csv %s = %d, roster has %d", k, c.Int(k), v)
		}
	}
	if d := c.Dice("stat_roll"); d.Min() != roster.RollMin || d.Max() != roster.RollMax {
		t.Errorf("stat_roll %v, roster rolls %d–%d", d, roster.RollMin, roster.RollMax)
	}
	if v, ok := c.Value("stat_roll"); !ok || v != "2d6+4" {
		t.Errorf(`Value("stat_roll") = %q, %v`, v, ok)
	}
}

// TestUnknownConstantPanics: a misspelt key is a programming error.
func TestUnknownConstantPanics(t *testing.T) {
	c := load(t).Constants
	for _, f := range []func(){func() { c.Int("team_sise") }, func() { c.Int("stat_roll") }, func() { c.Dice("team_size") }} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		}()
	}
}

// TestStatsSkillsBonus: stats.csv in RB-F1 order, skills.csv as RB-F6, and
// stat-bonus.csv equal to roster.Bonus (RB-D2) on 6–17.
func TestStatsSkillsBonus(t *testing.T) {
	tb := load(t)
	var codes []string
	for _, s := range tb.Stats {
		codes = append(codes, s.Code)
	}
	if !reflect.DeepEqual(codes, StatCodes) {
		t.Errorf("stats %v", codes)
	}
	if got := tb.Stats[6]; got.Name != "Charisma" || len(got.UsedBy) != 0 {
		t.Errorf("CHA row %+v: used by nothing (RB-F11)", got)
	}
	if got := tb.Stats[0].UsedBy; !reflect.DeepEqual(got, []string{"Block", "Kick", "HP", "damage"}) {
		t.Errorf("MUS used_by %v", got)
	}
	for i, k := range roster.SkillStats {
		row, ok := tb.Skill(SkillNames[i])
		want := SkillRow{SkillNames[i], StatCodes[k[0]], StatCodes[k[1]], 8, row.Source}
		if !ok || row != want {
			t.Errorf("skill %s = %+v, want %+v", SkillNames[i], row, want)
		}
	}
	for s := 6; s <= 17; s++ {
		if got, ok := tb.StatBonus.Of(s); !ok || got != roster.Bonus(s) {
			t.Errorf("StatBonus.Of(%d) = %d, %v; roster.Bonus %d", s, got, ok, roster.Bonus(s))
		}
	}
	for _, s := range []int{5, 18} {
		if _, ok := tb.StatBonus.Of(s); ok {
			t.Errorf("StatBonus.Of(%d) found", s)
		}
	}
}

// TestKickoff: the row of every margin (l. 60–69).
func TestKickoff(t *testing.T) {
	k := load(t).Kickoff
	tests := []struct {
		margins []int
		result  string
		dice    Dice
		minus   int
	}{
		{[]int{6, 7, 50}, "scatter", Dice{1, 4, 0}, 1},
		{[]int{3, 4, 5}, "scatter", Dice{1, 6, 0}, 1},
		{[]int{0, 1, 2}, "scatter", Dice{1, 8, 0}, 1},
		{[]int{-1, -2, -3}, "scatter", Dice{2, 6, 0}, 1},
		{[]int{-4, -5, -6}, "scatter", Dice{2, 8, 0}, 1},
		{[]int{-7, -8, -40}, "out-of-bounds", Dice{}, 0},
	}
	for _, tt := range tests {
		for _, m := range tt.margins {
			r := k.For(m)
			if r.Result != tt.result || r.Distance != tt.dice || r.DistanceMinus != tt.minus {
				t.Errorf("Kickoff.For(%d) = %+v, want %s %v-%d", m, r, tt.result, tt.dice, tt.minus)
			}
		}
	}
}

// TestBlock: the row of every margin (l. 162–171).
func TestBlock(t *testing.T) {
	b := load(t).Block
	tests := []struct {
		margin      int
		kb          int
		defDown     string
		blockerDown bool
		damageTo    string
	}{
		{9, 1, "always", false, "defender"}, {3, 1, "always", false, "defender"},
		{2, 1, "if_wound", false, "defender"}, {0, 1, "if_wound", false, "defender"},
		{-1, 0, "no", false, "none"}, {-3, 0, "no", false, "none"},
		{-4, 0, "no", true, "none"}, {-6, 0, "no", true, "none"},
		{-7, 0, "no", true, "blocker"}, {-20, 0, "no", true, "blocker"},
	}
	for _, tt := range tests {
		r := b.For(tt.margin)
		if r.Knockback != tt.kb || r.DefenderDown != tt.defDown || r.BlockerDown != tt.blockerDown || r.DamageTo != tt.damageTo {
			t.Errorf("Block.For(%d) = %+v", tt.margin, r)
		}
	}
}

// TestWounds: the wound of every d12 (l. 201–210).
func TestWounds(t *testing.T) {
	w := load(t).Wounds
	want := map[int]WoundRow{
		1: {Name: "Graze"}, 2: {Name: "Graze"}, 3: {Name: "Bleed", Bleed: 1}, 4: {Name: "Bleed", Bleed: 1},
		5: {Name: "Stun", Stun: 1}, 6: {Name: "Stun", Stun: 1}, 7: {Name: "Bruise", Bruise: 1}, 8: {Name: "Bruise", Bruise: 1},
		9:  {Name: "Cripple", Bruise: 1, Bleed: 1, Slow: 1},
		10: {Name: "Weak", Bruise: 1, Bleed: 1, Weak: 1},
		11: {Name: "Break", Bruise: 1, Pain: 1, RollAgain: true},
		12: {Name: "KO", Bruise: 1, Out: true, RollAgain: true},
	}
	for d := 1; d <= 12; d++ {
		got, ok := w.ForD12(d)
		got.D12, got.Source = Range{}, ""
		if !ok || got != want[d] {
			t.Errorf("ForD12(%d) = %+v, want %+v", d, got, want[d])
		}
	}
	for _, d := range []int{0, 13} {
		if _, ok := w.ForD12(d); ok {
			t.Errorf("ForD12(%d) found", d)
		}
	}
}

// TestPass: the DL of every range (l. 236–245) and the result of every
// margin (l. 249–261, RB-D49).
func TestPass(t *testing.T) {
	tb := load(t)
	for h := 0; h <= 20; h++ {
		want := 0
		switch {
		case h >= 2 && h <= 6:
			want = 10
		case h >= 7 && h <= 10:
			want = 14
		case h >= 11 && h <= 14:
			want = 18
		case h >= 15 && h <= 18:
			want = 22
		}
		got, ok := tb.PassDL.For(h)
		if got != want || ok != (want != 0) {
			t.Errorf("PassDL.For(%d) = %d, %v; want %d", h, got, ok, want)
		}
	}
	tests := []struct {
		margin           int
		result           string
		catch, intercept int
		scatter          Dice
		fumble           bool
	}{
		{3, "perfect", 8, 22, Dice{}, false}, {12, "perfect", 8, 22, Dice{}, false},
		{0, "accurate", 12, 20, Dice{}, false}, {2, "accurate", 12, 20, Dice{}, false},
		{-1, "off-target", 16, 18, Dice{}, false}, {-3, "off-target", 16, 18, Dice{}, false},
		{-4, "off-target-scatter", 16, 16, Dice{1, 4, 0}, false}, {-6, "off-target-scatter", 16, 16, Dice{1, 4, 0}, false},
		{-7, "fumble", 0, 0, Dice{}, true}, {-30, "fumble", 0, 0, Dice{}, true},
	}
	for _, tt := range tests {
		r := tb.PassResults.For(tt.margin)
		if r.Result != tt.result || r.CatchDL != tt.catch || r.InterceptDL != tt.intercept || r.Scatter != tt.scatter || r.Fumble != tt.fumble {
			t.Errorf("PassResults.For(%d) = %+v", tt.margin, r)
		}
	}
}

// TestSmallTables: directions (RB-D16), bounce (l. 79), recovery, sprint,
// maneuvers, statuses, modifiers and scoring.
func TestSmallTables(t *testing.T) {
	tb := load(t)
	dirs := []Direction{{1, "N", 0, -2, ""}, {2, "NE", 1, -1, ""}, {3, "SE", 1, 1, ""}, {4, "S", 0, 2, ""}, {5, "SW", -1, 1, ""}, {6, "NW", -1, -1, ""}}
	for _, want := range dirs {
		got, ok := tb.Directions.ForD6(want.D6)
		got.Source = ""
		if !ok || got != want {
			t.Errorf("ForD6(%d) = %+v, want %+v", want.D6, got, want)
		}
	}
	for d, want := range map[int]bool{1: true, 2: true, 3: true, 4: false, 5: false, 6: false} {
		if got := tb.Bounce.Stops(d); got != want {
			t.Errorf("Bounce.Stops(%d) = %v", d, got)
		}
	}
	for key, want := range map[string][2]int{RecoverBouncing: {12, 2}, RecoverAtRest: {8, 2}, RecoverKickoffCatch: {8, 2},
		RecoverHandoffCatch: {8, 2}, RecoverReboundCatch: {8, 2}, RecoverScatteredPass: {16, 2}} {
		r, ok := tb.Recovery.For(key)
		if !ok || r.DL != want[0] || r.PerAdjacentOpponent != want[1] {
			t.Errorf("Recovery.For(%q) = %+v, %v", key, r, ok)
		}
	}
	for _, tt := range []struct {
		move        string
		extra, want int
		ok          bool
	}{{"half", 1, 1, true}, {"half", 2, 0, false}, {"full", 1, 1, true}, {"full", 2, 2, true}, {"full", 3, 0, false}} {
		if got, ok := tb.Sprint.Exertion(tt.move, tt.extra); got != tt.want || ok != tt.ok {
			t.Errorf("Sprint.Exertion(%s, %d) = %d, %v", tt.move, tt.extra, got, ok)
		}
	}
	if fg := tb.ModifiersOf("field_goal"); len(fg) != 2 || fg[0].DLChange != 1 || fg[1].DLChange != 2 || len(tb.ModifiersOf("kick")) != 0 {
		t.Errorf("ModifiersOf(field_goal) = %+v", fg)
	}
	if tb.Sprint.MaxExtra("half") != 1 || tb.Sprint.MaxExtra("full") != 2 {
		t.Error("Sprint.MaxExtra")
	}
	for name, want := range map[string]Maneuver{
		"Blitz":        {Time: "none", AttackModifier: -2},
		"Block":        {Time: "half", EndsTurn: true},
		"Tackle":       {Time: "full", EndsTurn: true, AttackModifier: -1},
		"Sprint":       {Time: "none", AttackModifier: -2},
		"Shake It Off": {Time: "full", EndsTurn: true},
		"Hold":         {Time: "none", EndsTurn: true},
		"Stand":        {Time: "half"},
	} {
		m, ok := tb.Maneuvers.Named(name)
		if !ok || m.Time != want.Time || m.EndsTurn != want.EndsTurn || m.AttackModifier != want.AttackModifier {
			t.Errorf("Maneuvers.Named(%q) = %+v", name, m)
		}
	}
	if len(tb.Maneuvers.Rows) != 13 {
		t.Errorf("%d maneuvers", len(tb.Maneuvers.Rows))
	}
	for name, stacks := range map[string]bool{"Bleed": true, "Stun": false, "Bruise": true, "Slow": true, "Weak": false, "Pain": true, "Out": false} {
		if s, ok := tb.Statuses.Named(name); !ok || s.Stacks != stacks {
			t.Errorf("Statuses.Named(%q) = %+v", name, s)
		}
	}
	var mods []string
	for _, m := range tb.Modifiers {
		mods = append(mods, m.Test+" "+string(rune('0'+m.DLChange)))
	}
	if want := "recovery 2,pass 1,pass 2,catch 2,intercept 2,field_goal 1,field_goal 2"; strings.Join(mods, ",") != want {
		t.Errorf("modifiers %v", mods)
	}
	for ev, want := range map[string]int{"touchdown": 7, "field_goal": 3, "turnover": 1} {
		if got := tb.Scoring.Points(ev); got != want {
			t.Errorf("Points(%q) = %d", ev, got)
		}
	}
}

// TestFieldColumns: 31 columns, 481 cells (RB-D11), zones and posts.
func TestFieldColumns(t *testing.T) {
	cols := load(t).FieldColumns
	total := 0
	for i, c := range cols {
		total += c.Cells
		if c.X != i+1 {
			t.Errorf("column %d has x %d", i+1, c.X)
		}
		odd := c.X%2 == 1
		if odd && (c.Cells != 16 || c.FullY != (Range{3, 29}) || !reflect.DeepEqual(c.HalfHexY, []int{1, 31})) ||
			!odd && (c.Cells != 15 || c.FullY != (Range{2, 30}) || c.HalfHexY != nil) {
			t.Errorf("column %+v", c)
		}
	}
	if total != 481 {
		t.Errorf("%d cells", total)
	}
	if cols[1].GoalPostY != 16 || cols[29].GoalPostY != 16 || cols[15].Zone != "neutral" || cols[15].Side != "none" {
		t.Errorf("posts or neutral zone: %+v %+v %+v", cols[1], cols[29], cols[15])
	}
	for x := 1; x <= 31; x++ {
		want := ""
		if x <= 6 {
			want = "home"
		} else if x >= 26 {
			want = "away"
		}
		if got := cols[x-1].KickerZoneOf; got != want {
			t.Errorf("x %d kicker zone of %q, want %q", x, got, want)
		}
	}
}

// TestBrokenFiles: each broken file is refused with its file, line and
// column.
func TestBrokenFiles(t *testing.T) {
	tests := []struct {
		name, file, old, new, want string
	}{
		{"d12 out of range", WoundsFile, "5,6,Stun", "5,13,Stun", "wounds.csv line 4 column d12_to: 13 is not a d12 result"},
		{"d12 not a number", WoundsFile, "5,6,Stun", "five,6,Stun", `wounds.csv line 4 column d12_from: "five" is not a d12 result`},
		{"wound gap", WoundsFile, "9,9,Cripple", "10,10,Cripple", "wounds.csv: no row covers 9"},
		{"wound overlap", WoundsFile, "7,8,Bruise", "7,9,Bruise", "overlaps another row"},
		{"wound flag", WoundsFile, "12,12,KO,1,0,0,0,0,0,1,1", "12,12,KO,1,0,0,0,0,0,2,1", "wounds.csv line 9 column out: 2 is not in 0–1"},
		{"header", WoundsFile, "d12_from,d12_to", "d12_to,d12_from", `wounds.csv line 1: the header must be "d12_from,d12_to,name`},
		{"fields", WoundsFile, "1,2,Graze,0,", "1,2,Graze,", "wounds.csv line 2: 11 fields, the header has 12"},
		{"empty file", ScoringFile, "", "", "scoring.csv: empty file"},
		{"kickoff gap", KickoffFile, "3,5,scatter", "3,4,scatter", "kickoff.csv: no row covers 5"},
		{"kickoff two open ends", KickoffFile, "-6,-4,scatter", ",-4,scatter", "overlaps another row"},
		{"kickoff no top", KickoffFile, "6,,scatter", "6,9,scatter", "kickoff.csv: no row covers 10+"},
		{"kickoff min above max", KickoffFile, "3,5,", "5,3,", "kickoff.csv line 3 column margin_max: 3 is below margin_min 5"},
		{"kickoff dice", KickoffFile, "3,5,scatter,1d6", "3,5,scatter,1x6", `kickoff.csv line 3 column distance_dice: "1x6" is not dice`},
		{"kickoff result", KickoffFile, "out-of-bounds", "out", `kickoff.csv line 7 column result: "out" is not one of scatter, out-of-bounds`},
		{"block gap", BlockFile, "-3,-1,", "-3,-2,", "block.csv: no row covers -1"},
		{"pass-dl gap at the top", PassDLFile, "15,18,22", "15,17,22", "pass-dl.csv: no row covers 18"},
		{"pass fumble with dl", PassResultsFile, ",-7,fumble,,", ",-7,fumble,8,", "pass-results.csv line 6 column catch_dl: a fumble has no catch_dl"},
		{"constant unknown", ConstantsFile, "halves,2", "halfs,2", `constants.csv line 53 column key: "halfs" is not a constant of the game`},
		{"constant missing", ConstantsFile, "halves,2,l. 54 228\n", "", "constants.csv: no row for halves"},
		{"constant not int", ConstantsFile, "team_size,9", "team_size,nine", `constants.csv line 2 column value: "nine" is not a whole number`},
		{"constant twice", ConstantsFile, "halves,2", "team_size,2", `constants.csv line 53 column key: "team_size" is already on line 2`},
		{"constant dice", ConstantsFile, "stat_roll,2d6+4", "stat_roll,2d6+", `constants.csv line 4 column value: "2d6+" is not dice`},
		{"constant check", ConstantsFile, "on_field,7", "on_field,10", "constants.csv: on_field must be 1…team_size"},
		{"stats order", StatsFile, "SKL,Skill", "SPD,Skill", `stats.csv line 3 column code: "SPD": the stats are MUS SKL SPD TOU WIT TEC CHA`},
		{"stat-bonus gap", StatBonusFile, "16,17,3", "16,16,3", "stat-bonus.csv: no row covers 17"},
		{"skill stat", SkillsFile, "Kick,MUS,TEC", "Kick,MUS,TCH", `skills.csv line 6 column stat_2: "TCH" is not one of MUS`},
		{"skill missing", SkillsFile, "Kick,MUS,TEC,8,l. 25 26\n", "", "skills.csv: no row for Kick"},
		{"direction not a neighbour", DirectionsFile, "1,N,0,-2", "1,N,0,-1", "directions.csv line 2 column dy: 0,-1 is not a step to a neighbouring hex"},
		{"direction twice", DirectionsFile, "4,S,0,2", "4,S,0,-2", `directions.csv line 5 column dx: "0,-2" is already on line 2`},
		{"bounce meaning", BounceFile, "ball keeps bouncing", "ball rolls", `bounce.csv line 4 column meaning: "ball rolls": a second-die meaning`},
		{"bounce gap", BounceFile, "second,4,6", "second,5,6", "bounce.csv: second die: no row covers 4"},
		{"recovery missing", RecoveryFile, "ball at rest,", "ball resting,", "recovery.csv: no row for ball at rest"},
		{"maneuver unknown", ManeuversFile, "Pickup,none", "Pick up,none", `maneuvers.csv line 9 column maneuver: "Pick up" is not one of`},
		{"maneuver time", ManeuversFile, "Pickup,none", "Pickup,quarter", `maneuvers.csv line 9 column time: "quarter" is not one of none, half, full`},
		{"status missing", StatusesFile, "Weak,no", "Stun,no", `statuses.csv line 6 column status: "Stun" is already on line 3`},
		{"scoring points", ScoringFile, "touchdown,7", "touchdown,-7", "scoring.csv line 2 column points: -7 is not in 0–99"},
		{"sprint move", SprintFile, "half,1,1", "walk,1,1", `sprint.csv line 2 column move: "walk" is not one of half, full`},
		{"modifier test", ModifiersFile, "intercept,", "interception,", `modifiers.csv line 6 column test: "interception" is not one of`},
		{"field cells", FieldColumnsFile, "1,home-end-zone,home,16", "1,home-end-zone,home,17", "field-columns.csv line 2 column cells: 17, but full_y and half_hex_y give 16"},
		{"field parity", FieldColumnsFile, "4,home-side,home,15,2,30", "4,home-side,home,15,3,30", "field-columns.csv line 5 column full_y_to: 3…30: x + y must be even"},
		{"field side", FieldColumnsFile, "17,away-side,away", "17,away-side,home", `field-columns.csv line 18 column side: "home" does not fit zone "away-side"`},
		{"field order", FieldColumnsFile, "\n2,home-end-zone", "\n3,home-end-zone", "field-columns.csv line 3 column x: 3: the columns are 1…31 in order (expected 2)"},
		{"field half-hex", FieldColumnsFile, "3,home-end-zone,home,16,3,29,1 31", "3,home-end-zone,home,16,3,29,1 30", "field-columns.csv line 4 column half_hex_y: 30: x + y must be even"},
		{"field zone", FieldColumnsFile, "4,home-side", "4,home-end-zone", `field-columns.csv line 5 column zone: "home-end-zone", but constants.csv (neutral_zone_x, end_zone_depth, field_length) make column 4 "home-side"`},
		{"field kicker zone", FieldColumnsFile, "7,home-side,home,16,3,29,1 31,,,", "7,home-side,home,16,3,29,1 31,,home,", `field-columns.csv line 8 column kicker_zone_of: "home", but kicker_max_columns_from_end_line makes column 7 ""`},
		{"quote", StatusesFile, "Out,no,", "\"Out,no,", "statuses.csv line 8"},
		{"bad utf-8", ScoringFile, "touchdown", "touch\xffdown", "scoring.csv line 2: not UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := shipped(t)
			src := string(m[tt.file].Data)
			if tt.name == "empty file" {
				src = ""
			} else if !strings.Contains(src, tt.old) {
				t.Fatalf("%s has no %q", tt.file, tt.old)
			}
			m[tt.file] = &fstest.MapFile{Data: []byte(strings.Replace(src, tt.old, tt.new, 1))}
			_, err := LoadFS(m)
			if err == nil {
				t.Fatalf("LoadFS: no error, want %q", tt.want)
			}
			var de *Error
			if !errors.As(err, &de) || de.File != tt.file {
				t.Errorf("error %#v is not an *Error for %s", err, tt.file)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("LoadFS: %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// TestMissingFile: a missing file is named.
func TestMissingFile(t *testing.T) {
	m := shipped(t)
	delete(m, PassDLFile)
	_, err := LoadFS(m)
	if err == nil || !strings.HasPrefix(err.Error(), "pass-dl.csv: cannot read") {
		t.Fatalf("LoadFS = %v", err)
	}
}

// TestBOMAndCRLF: a file saved by a spreadsheet (byte order mark, CRLF
// line ends) loads the same.
func TestBOMAndCRLF(t *testing.T) {
	m := shipped(t)
	for _, f := range Files {
		m[f].Data = append([]byte("\ufeff"), []byte(strings.ReplaceAll(string(m[f].Data), "\n", "\r\n"))...)
	}
	got, err := LoadFS(m)
	if err != nil {
		t.Fatal(err)
	}
	if want := load(t); !reflect.DeepEqual(got, want) {
		t.Error("CRLF and BOM files load differently")
	}
}

// TestParseDice and Range.String.
func TestParseDice(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Dice
		ok   bool
	}{
		{"2d6+4", Dice{2, 6, 4}, true}, {"d12", Dice{1, 12, 0}, true}, {"1d8-1", Dice{1, 8, -1}, true},
		{"1d4", Dice{1, 4, 0}, true}, {"", Dice{}, false}, {"2d", Dice{}, false}, {"d1", Dice{}, false},
		{"0d6", Dice{}, false}, {"2d6+", Dice{}, false}, {"2d6+-1", Dice{}, false}, {"+2d6", Dice{}, false},
		{"2D6", Dice{}, false}, {" 2d6", Dice{}, false}, {"21d6", Dice{}, false}, {"1d6+100", Dice{}, false},
	} {
		got, err := ParseDice(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseDice(%q) = %v, %v; want %v ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
	if s := (Dice{2, 6, 4}).String() + " " + (Dice{1, 8, -1}).String(); s != "2d6+4 1d8-1" {
		t.Errorf("String %q", s)
	}
	if (Dice{2, 6, 4}).Min() != 6 || (Dice{2, 6, 4}).Max() != 16 {
		t.Error("Min/Max")
	}
	for g, want := range map[Range]string{{3, 5}: "3–5", {6, math.MaxInt}: "6+", {-3, -1}: "-3 to -1", {math.MinInt, -7}: "-7 or less", {9, 9}: "9"} {
		if g.String() != want {
			t.Errorf("%v.String() = %q", [2]int{g.Min, g.Max}, g.String())
		}
	}
}
