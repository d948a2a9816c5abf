// Package roster is a Runeball team sheet: the seven stats of a player
// (RB-F1), their bonuses (RB-D2) and the derived values (skills, HP, INI,
// MOVE, half move, wound number, block damage; RB-D3…RB-D8, exactly as the
// spec's tools/derive.py), the rolled stats and the improvement step
// (RB-F2…RB-F4, RB-D9), a player's sheet and a team of nine with the checks
// of the roster commands (SPEC.md §2.7), whose errors contain the spec's
// refusal wording.
//
// Everything is integer arithmetic; where a negative can occur the
// division is FloorDiv (RB-D2), never Go's truncating /.
package roster

import (
	"fmt"
	"strings"
)

// Stat is one of the seven stats, in the order of RB-F1.
type Stat int

// The seven stats (RB-F1): Muscle, Skill, Speed, Toughness, Wit,
// Technique, Charisma.
const (
	MUS Stat = iota
	SKL
	SPD
	TOU
	WIT
	TEC
	CHA
)

// NumStats is the number of stats (RB-F1).
const NumStats = 7

var statNames = [NumStats]string{"mus", "skl", "spd", "tou", "wit", "tec", "cha"}

// AllStats lists the stats in the order of RB-F1.
var AllStats = [NumStats]Stat{MUS, SKL, SPD, TOU, WIT, TEC, CHA}

// String is the stat as arguments and views write it: "mus" (§2.1).
func (s Stat) String() string {
	if s < 0 || s >= NumStats {
		return fmt.Sprintf("stat(%d)", int(s))
	}
	return statNames[s]
}

// Code is the stat's upper-case code, as in refusals: "MUS".
func (s Stat) Code() string { return strings.ToUpper(s.String()) }

// ParseStat reads a stat name, case-insensitive ("mus", "WIT").
func ParseStat(s string) (Stat, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range statNames {
		if n == t {
			return Stat(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not a stat (mus skl spd tou wit tec cha)", s)
}

// Stats are a player's seven scores, indexed by Stat.
type Stats [NumStats]int

// String writes the stats as "mus=13 skl=9 …".
func (s Stats) String() string {
	parts := make([]string, NumStats)
	for i, v := range s {
		parts[i] = fmt.Sprintf("%s=%d", statNames[i], v)
	}
	return strings.Join(parts, " ")
}

// The limits of a score (constants.csv stat_min, stat_max; RB-D9) and of a
// rolled total (2d6+4, RB-F2).
const (
	StatMin     = 6  // stat_min
	StatMax     = 17 // stat_max: 16 rolled, +1 (RB-F3)
	RollMin     = 6  // 2d6+4
	RollMax     = 16 // 2d6+4
	NumRolls    = 8  // stat_rolls (RB-F2)
	ImproveTo   = 8  // improve_raise_to (RB-F4)
	SkillBase   = 8  // skill_base (RB-F6)
	HPConstant  = 8  // hp_constant (RB-F7)
	MoveBase    = 6  // move_base (RB-F9)
	MoveFastSPD = 15 // move_fast_speed (RB-F9)
	WNDivisor   = 4  // wound_number_divisor (RB-F10)
	Armour      = 2  // armour (RB-D8)
)

// Check refuses a score out of StatMin…StatMax with the enter-player
// wording: "MUS must be 6–17 (got 18)".
func (s Stats) Check() error {
	for i, v := range s {
		if v < StatMin || v > StatMax {
			return fmt.Errorf("%s must be %d–%d (got %d)", Stat(i).Code(), StatMin, StatMax, v)
		}
	}
	return nil
}

// FloorDiv is a / b rounded toward −∞ (b > 0), the rounding of every
// division in the rules where a negative can occur (RB-D2): FloorDiv(-3, 2)
// = -2, where Go's -3/2 = -1.
func FloorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Bonus is a stat's bonus, ⌊(stat − 10)/2⌋ with true floor (RB-D2): 6–7 →
// −2, 8–9 → −1, 10–11 → 0, 12–13 → +1, 14–15 → +2, 16–17 → +3.
func Bonus(stat int) int { return FloorDiv(stat-10, 2) }

// Skill is one of the five skills everyone has (RB-F6).
type Skill int

// The five skills (RB-F6), in the order of skills.csv.
const (
	Block Skill = iota
	Dodge
	Catch
	Pass
	Kick
)

// NumSkills is the number of skills (RB-F6).
const NumSkills = 5

var skillNames = [NumSkills]string{"Block", "Dodge", "Catch", "Pass", "Kick"}

// SkillStats are the two stats of each skill (RB-F6, skills.csv).
var SkillStats = [NumSkills][2]Stat{{MUS, SKL}, {SPD, WIT}, {SPD, TEC}, {SKL, WIT}, {MUS, TEC}}

// String is the skill's name: "Block".
func (k Skill) String() string {
	if k < 0 || k >= NumSkills {
		return fmt.Sprintf("skill(%d)", int(k))
	}
	return skillNames[k]
}

// Derived are the values computed from a player's final stats (§1.1,
// RB-D3…RB-D8), as tools/derive.py computes them.
type Derived struct {
	Skills    [NumSkills]int // indexed by Skill: 8 + bonus + bonus (RB-D3)
	HP        int            // TOU + ⌊MUS/2⌋ + ⌊TEC/2⌋ + 8 (RB-F7, RB-D4)
	INI       int            // bonus(SPD) + bonus(WIT) (RB-F8, RB-D6)
	Move      int            // 6, or 7 at SPD 15+ (RB-F9, RB-D7)
	HalfMove  int            // ⌈MOVE/2⌉ (RB-D7)
	WN        int            // ⌊HP/4⌋ (RB-F10, RB-D5)
	DamageMin int            // ⌊MUS/2⌋ + 1 − 2 (RB-D8: 1d4, armour 2)
	DamageMax int            // ⌊MUS/2⌋ + 4 − 2
}

// Derive computes the derived values of final stats (RB-D3…RB-D8).
func Derive(s Stats) Derived { return DeriveWith(s, Bonus) }

// DeriveWith is Derive with another bonus function, e.g. the lookup of a
// stat-bonus.csv a group has changed (RB-D2 "as data so a group can change
// it"); bonus must be defined for every score in s.
func DeriveWith(s Stats, bonus func(int) int) Derived {
	var d Derived
	for k, pair := range SkillStats {
		d.Skills[k] = SkillBase + bonus(s[pair[0]]) + bonus(s[pair[1]])
	}
	d.HP = s[TOU] + FloorDiv(s[MUS], 2) + FloorDiv(s[TEC], 2) + HPConstant
	d.INI = bonus(s[SPD]) + bonus(s[WIT])
	d.Move = MoveBase
	if s[SPD] >= MoveFastSPD {
		d.Move++
	}
	d.HalfMove = HalfMove(d.Move)
	d.WN = FloorDiv(d.HP, WNDivisor)
	d.DamageMin, d.DamageMax = DamageRange(s[MUS])
	return d
}

// Skill returns a derived skill level.
func (d Derived) Skill(k Skill) int { return d.Skills[k] }

// HalfMove is ⌈move/2⌉ (l. 106, RB-D7): 7 → 4, 6 → 3, 5 → 3, 0 → 0.
// A negative move counts as 0.
func HalfMove(move int) int {
	if move <= 0 {
		return 0
	}
	return (move + 1) / 2
}

// MusDamage is "MUS damage", ⌊MUS/2⌋ (RB-D8).
func MusDamage(mus int) int { return FloorDiv(mus, 2) }

// Damage is a block's damage for a d4 result (0 for a Weak attacker, who
// omits the d4; RB-F71): max(0, ⌊MUS/2⌋ + d4 − armour 2) (RB-D8).
func Damage(mus, d4 int) int {
	return max(0, MusDamage(mus)+d4-Armour)
}

// DamageRange is the least and most damage of a block with the d4 (RB-D8),
// as derive.py's damage pair.
func DamageRange(mus int) (lo, hi int) { return Damage(mus, 1), Damage(mus, 4) }
