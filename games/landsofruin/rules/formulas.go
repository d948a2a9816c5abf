package rules

import (
	"fmt"
	"sort"
)

// Rule constants. Each cites the facts-sheet section it comes from.
const (
	// DefaultActionPoints is a character's action points per turn when
	// neither the character type nor the scenario says otherwise (§2.3;
	// rulebook "Action points": 20).
	DefaultActionPoints = 20
	// APPerDefence unspent action points give +1 defence (§2.3).
	APPerDefence = 5
	// APLostPerUnresolvedHit is taken from the unspent-AP defence pool for
	// every unresolved hit the character carries (§2.3).
	APLostPerUnresolvedHit = 5
	// AimModifier is subtracted from the target number when aiming (§4.2).
	AimModifier = 7
	// CoverBasicBonus is the defence "Cover" adds in basic mode
	// (DECISIONS.md: the light-cover value).
	CoverBasicBonus = 4
	// CoverLightBonus is the defence light cover adds (§4.3).
	CoverLightBonus = 4
	// CoverHeavyBonus is the defence heavy cover adds (§4.3).
	CoverHeavyBonus = 8
	// MinTargetNumber and MaxTargetNumber clamp a d20 target number (§4.2).
	MinTargetNumber = 2
	// MaxTargetNumber: a target number never exceeds 20, so a natural 20
	// always hits (§4.2, §4.4).
	MaxTargetNumber = 20
	// ShortRangeTenths is the longest short-range distance, 10" (§4.1).
	ShortRangeTenths = 100
	// MidRangeTenths is the longest medium-range distance, 20" (§4.1).
	MidRangeTenths = 200
	// MultiTargetTenths: extra targets must be within 5" of the first
	// (rulebook "Shooting multiple targets").
	MultiTargetTenths = 50
	// MaxSuppression is 100 % (§7).
	MaxSuppression = 100
	// MoralePool is a team's starting morale pool (§8.1).
	MoralePool = 25
	// MaxThreat is the highest threat level (§10.2).
	MaxThreat = 20
	// RotterTargetNumber is the d20 score a Rotter attack needs, before
	// the target's defence against Rotters (§10.8).
	RotterTargetNumber = 8
	// ExplosiveTargetNumber is the d20 score an explosive needs, before the
	// target's armour against explosives (§10.8).
	ExplosiveTargetNumber = 5
)

// ActionPoints is a character's action points per turn: the scenario's
// figure if it sets one, else the character type's, else 20 (§2.3).
func ActionPoints(ct *CharacterType, sc *Scenario) int {
	if sc != nil && sc.ActionPoints > 0 {
		return sc.ActionPoints
	}
	if ct != nil && ct.ActionPoints > 0 {
		return ct.ActionPoints
	}
	return DefaultActionPoints
}

// AvailableActionPoints applies active effects to a character's action
// points (§2.3): each effect's percentage, truncated toward zero (pinned,
// unconscious, dead and surprised leave 0; on fire halves). Never below 0.
func AvailableActionPoints(base int, effects []*Effect) int {
	a := base
	for _, e := range effects {
		if e != nil {
			a += a * e.APPercent / 100
		}
	}
	return max(a, 0)
}

// UnspentAP is what is left of available action points after the costs of
// the assigned actions, never below 0 (§2.3). It becomes movement.
func UnspentAP(available, assignedCost int) int { return max(available-assignedCost, 0) }

// DefencePool is the unspent-AP defence pool set at the start of the
// owner's Action phase: the action points left unspent when the actions
// were assigned (the same points that become movement), minus 5 per
// unresolved hit, never below 0. Rulebook "Unspent action points": "Any
// action points left over - ie. not spent on any actions - ... For every 5
// unspent action points the character also gains a +1 defensive bonus for
// the following turn"; an assigned action's points are spent when it is
// assigned, performed or not ("Action phase": the points of an ignored
// action "are then lost"). The app started the pool at the base action
// points and took an action's cost off only when it was performed (§2.3),
// so a character with assigned but unperformed actions defended as if it
// had spent nothing; the pool no longer changes when an action is
// performed. The −5 per unresolved hit is the app's (§2.3; DECISIONS.md).
func DefencePool(unspent, unresolvedHits int) int {
	return max(unspent-APLostPerUnresolvedHit*unresolvedHits, 0)
}

// DefenceFromUnspentAP is +1 defence per full 5 unspent action points
// (§2.3; rulebook "Unspent action points").
func DefenceFromUnspentAP(unspent int) int {
	if unspent <= 0 {
		return 0
	}
	return unspent / APPerDefence
}

// Movement is the input of MovementAllowance.
type Movement struct {
	// ActionPoints are the unspent action points that become movement.
	ActionPoints int
	// MovePerAPTenths is the character type's movement per action point
	// (10 = 1").
	MovePerAPTenths int
	// Effects are the character's active effects.
	Effects []*Effect
	// CarriedGrams is the total weight of the character's gear.
	CarriedGrams int
	// MaxLoadGrams and FreeLoadPercent are the character type's.
	MaxLoadGrams    int
	FreeLoadPercent int
	// Suppression is the character's effective suppression, 0..100.
	Suppression int
}

// MovementAllowance is the movement in tenths of an inch (§2.4, §2.5):
// unspent APs × movement per AP; each effect's movement percentage; the load
// factor (every kg over the free load costs 1 % of max load — 1 % per kg
// for a Human); then suppression (50 % halves it, 100 % freezes). Each step
// truncates to a tenth of an inch. Never below 0.
func MovementAllowance(m Movement) int {
	t := m.ActionPoints * m.MovePerAPTenths
	if t < 0 {
		return 0
	}
	for _, e := range m.Effects {
		if e != nil {
			t += t * e.MovePercent / 100
		}
	}
	t = ApplyLoad(t, m.CarriedGrams, m.MaxLoadGrams, m.FreeLoadPercent)
	t = ApplySuppression(t, m.Suppression)
	return max(t, 0)
}

// DifficultTerrain halves a movement allowance whose path went over an
// obstacle or through difficult terrain (rulebook "Obstacles and difficult
// terrain": "that character's movement is halved for that turn"; "Moving
// through difficult terrain halves the character's movement value for the
// turn"), truncated to a tenth of an inch like every other movement step.
// The whole turn's allowance is halved, also the part already moved.
func DifficultTerrain(tenths int) int { return max(tenths, 0) / 2 }

// ApplyLoad reduces a movement by carried weight (§2.5): weight over the
// free load (FreeLoadPercent of maxLoad) reduces movement by the same
// fraction of maxLoad; at a full max load over the free load, no movement.
func ApplyLoad(tenths, carriedGrams, maxLoadGrams, freeLoadPercent int) int {
	if maxLoadGrams <= 0 || tenths <= 0 {
		return max(tenths, 0)
	}
	extra := carriedGrams - maxLoadGrams*freeLoadPercent/100
	if extra <= 0 {
		return tenths
	}
	if extra >= maxLoadGrams {
		return 0
	}
	return tenths * (maxLoadGrams - extra) / maxLoadGrams
}

// ApplySuppression reduces a movement by a suppression percentage (§7;
// rulebook "Suppression": 50 % halves, 100 % freezes).
func ApplySuppression(tenths, suppression int) int {
	s := ClampSuppression(suppression)
	return max(tenths, 0) * (MaxSuppression - s) / MaxSuppression
}

// ClampSuppression keeps a suppression percentage within 0..100 (§7).
func ClampSuppression(s int) int { return min(max(s, 0), MaxSuppression) }

// AddSuppression adds suppression to a character's current figure and
// clamps the result to 0..100 (§7).
func AddSuppression(current, add int) int { return ClampSuppression(current + add) }

// EffectiveSuppression is the suppression that counts (§7): raw minus the
// character's suppression defence, clamped to 0..100, then each effect's
// resistance (frenzy and berserker charge: 100 % ⇒ 0).
func EffectiveSuppression(raw, defence int, effects []*Effect) int {
	s := ClampSuppression(raw - defence)
	for _, e := range effects {
		if e != nil {
			s -= s * e.SuppressionResistancePercent / 100
		}
	}
	return s
}

// SuppressionPenalty is the attack penalty of a suppression: 1 per full
// 10 % (§4.2, §7; rulebook: 10 % → -1, 100 % → -10). It is added to the
// target number.
func SuppressionPenalty(suppression int) int { return ClampSuppression(suppression) / 10 }

// Band is a range band.
type Band int

// The range bands (§4.1).
const (
	Short Band = iota
	Mid
	Long
)

// String names the band.
func (b Band) String() string {
	switch b {
	case Short:
		return "short"
	case Mid:
		return "mid"
	case Long:
		return "long"
	}
	return fmt.Sprintf("band(%d)", int(b))
}

// RangeBand is the band of a distance in tenths (§4.1; rulebook "Weapon
// ranges"): up to 10" short, up to 20" medium, beyond long. There is no
// maximum range.
func RangeBand(tenths int) Band {
	switch {
	case tenths <= ShortRangeTenths:
		return Short
	case tenths <= MidRangeTenths:
		return Mid
	}
	return Long
}

// AttackBand is the band of a multi-target attack: the band of the most
// distant target, used for every target (rulebook "Multiple targets &
// range"). With no distances it is Short.
func AttackBand(distances ...int) Band {
	far := 0
	for _, d := range distances {
		far = max(far, d)
	}
	return RangeBand(far)
}

// BandModifier is the mode's to-hit modifier in a band; close-combat modes
// always use their one (short) modifier (§4.1, §15.2).
func (m *Mode) BandModifier(b Band) int {
	if m.Modifier != nil {
		return *m.Modifier
	}
	if m.Range == nil {
		return 0
	}
	switch b {
	case Mid:
		return m.Range.Mid
	case Long:
		return m.Range.Long
	}
	return m.Range.Short
}

// RangeBands lists a ranged mode's modifier per band, short to long.
func (m *Mode) RangeBands() [3]int {
	return [3]int{m.BandModifier(Short), m.BandModifier(Mid), m.BandModifier(Long)}
}

// Usable reports whether the mode can fire with the rounds left: a mode
// needing more ammo than is left cannot be chosen (rulebook "Ammo").
func (m *Mode) Usable(roundsLeft int) bool { return m.RoundsPerAction <= roundsLeft }

// WithinMultiTargetRange reports whether an extra target at distTenths from
// the first target may join the attack (rulebook: within 5").
func WithinMultiTargetRange(distTenths int) bool {
	return distTenths >= 0 && distTenths <= MultiTargetTenths
}

// CheckTargets checks a multi-target attack (rulebook "Shooting multiple
// targets"): at least one target, at most maxTargets, every extra target
// within 5" of the first. extraFromFirst holds the distance in tenths from
// the first target to each further target (empty for a single target).
func CheckTargets(maxTargets int, extraFromFirst []int) error {
	n := 1 + len(extraFromFirst)
	if n > maxTargets {
		return fmt.Errorf("%d targets: this mode attacks at most %d", n, maxTargets)
	}
	for i, d := range extraFromFirst {
		if !WithinMultiTargetRange(d) {
			return fmt.Errorf("target %d is %s from the first target: extra targets must be within %s",
				i+2, FormatInches(d), FormatInches(MultiTargetTenths))
		}
	}
	return nil
}

// Cover is the cover a target has from the attacker.
type Cover int

// The cover states: basic mode knows only CoverBasic ("Cover"); advanced
// mode has light (over 50 % visible) and heavy (under 50 %) (rulebook
// "Cover").
const (
	NoCover Cover = iota
	CoverBasic
	CoverLight
	CoverHeavy
)

// CoverBonus is the defence a cover state adds (§4.3).
func CoverBonus(c Cover) int {
	switch c {
	case CoverBasic:
		return CoverBasicBonus
	case CoverLight:
		return CoverLightBonus
	case CoverHeavy:
		return CoverHeavyBonus
	}
	return 0
}

// Attack is the attacker's side of a to-hit calculation (§4.2).
type Attack struct {
	// Base is the character type's Attack (ranged) or CloseCombatAttack.
	Base int
	// Mode is the weapon mode used; Band the range band (ignored in close
	// combat).
	Mode *Mode
	Band Band
	// SkillBonus and AccessoryBonus are from Data.SkillAttackBonus and
	// Data.AccessoryAttackBonus.
	SkillBonus     int
	AccessoryBonus int
	// Wounds is the sum of the attacker's active wound modifiers' attack
	// parts (negative: a -1 wound raises the target number by 1).
	Wounds int
	// Effects is the sum of the attacker's active effects' Attack (on fire
	// -5).
	Effects int
	// Suppression is the attacker's effective suppression.
	Suppression int
	// Aim is set by the aim-and-shoot action.
	Aim bool
	// Deployed is an extra bonus for a deployed weapon, beyond accessories.
	Deployed int
}

// TargetNumber is the d20 score an attack needs against one target (§4.2):
// base − wounds − effects − band modifier − skills − accessories +
// suppression penalty, minus 7 when aiming, minus the deployed bonus, plus
// the target's defence and cover; the sum of every modifier is then
// clamped to 2..20, once. The app clamped to 20 before aim and defence
// (§4.2), which lost a mode's range modifier and most of a heavy
// suppression whenever the attacker's side alone passed 20; the rulebook
// gives every modifier in full ("Suppression": 100 % is −10 to all attack
// rolls; "Weapons": the mode's short/mid/long modifier), so the cap of 20
// applies to the total (DECISIONS.md).
// Worked example (§4.3): Human, AK-47 focus fire at short range, target with
// +4 from unspent APs in light cover: 15−2 = 13, +8 ⇒ 20; aiming 6+8 = 14.
func TargetNumber(a Attack, defence int, cover Cover) int {
	t := a.Base - a.Wounds - a.Effects - a.SkillBonus - a.AccessoryBonus + SuppressionPenalty(a.Suppression)
	if a.Mode != nil {
		t -= a.Mode.BandModifier(a.Band)
	}
	if a.Aim {
		t -= AimModifier
	}
	t -= a.Deployed
	t += defence + CoverBonus(cover)
	return min(max(t, MinTargetNumber), MaxTargetNumber)
}

// HitResult is the outcome of one d20 attack roll.
type HitResult int

// The roll outcomes.
const (
	Miss HitResult = iota
	Hit
	Critical
)

// String names the result.
func (h HitResult) String() string {
	switch h {
	case Miss:
		return "miss"
	case Hit:
		return "hit"
	case Critical:
		return "critical"
	}
	return fmt.Sprintf("result(%d)", int(h))
}

// RollResult reads a d20 the player rolled against a target number (§4.4):
// a roll at or above it hits. In advanced mode a natural 20 is a critical
// unless the target number is 20 (then 20 is only a hit); basic mode has no
// criticals. A roll outside 1..20 is an error.
func RollResult(roll, targetNumber int, advanced bool) (HitResult, error) {
	if roll < 1 || roll > 20 {
		return Miss, fmt.Errorf("d20 roll %d: want 1..20", roll)
	}
	tn := min(max(targetNumber, MinTargetNumber), MaxTargetNumber)
	switch {
	case roll < tn:
		return Miss, nil
	case advanced && roll == 20 && tn < MaxTargetNumber:
		return Critical, nil
	}
	return Hit, nil
}

// HitPower is the power a hit carries to damage resolution: the mode's
// power against light infantry, +1 on a critical (§4.4; rulebook "Attack
// power").
func HitPower(m *Mode, r HitResult) int {
	p := m.Power.LightInfantry
	if r == Critical {
		p++
	}
	return p
}

// DamageTotal is the damage chart total of a hit: d100 + 10 × power, at
// least 1 (§5.2).
func DamageTotal(d100, power int) int { return max(d100+10*power, 1) }

// Row returns the chart row a total falls in; totals below 1 read the first
// row, totals above the last row's start read the last row (§5.2).
func (c *DamageChart) Row(total int) *DamageRow {
	if len(c.Rows) == 0 {
		return nil
	}
	total = max(total, 1)
	i := sort.Search(len(c.Rows), func(i int) bool { return c.Rows[i].From > total })
	if i == 0 {
		return &c.Rows[0]
	}
	return &c.Rows[i-1]
}

// Damage is one resolved hit.
type Damage struct {
	// Roll is the d100, Power the hit's power, Total the chart total.
	Roll, Power, Total int
	// Row is the chart row: Row.Public is told to everyone, Row.Private and
	// Row.Detail to the owner; Row.Modifier, Row.Effects and Row.Morale are
	// what it does.
	Row *DamageRow
}

// ResolveDamage resolves one unresolved hit (§5.2): d100 + 10 × power on the
// shooting chart for ranged hits, the close-combat chart otherwise.
func (d *Data) ResolveDamage(kind AttackKind, d100, power int) (Damage, error) {
	if d100 < 1 || d100 > 100 {
		return Damage{}, fmt.Errorf("d100 roll %d: want 1..100", d100)
	}
	total := DamageTotal(d100, power)
	row := d.Chart(kind).Row(total)
	if row == nil {
		return Damage{}, fmt.Errorf("%s damage chart is empty", kind)
	}
	return Damage{Roll: d100, Power: power, Total: total, Row: row}, nil
}

// ModifierActive reports whether a wound modifier received in game turn
// `from` still applies in game turn `now` (§5.3): Turns 0 is permanent,
// otherwise it applies while now ≤ from + Turns.
func ModifierActive(m WoundModifier, from, now int) bool {
	return m.Turns == 0 || now <= from+m.Turns
}

// EvaluateMorale is the team morale step at the start of the team's Command
// phase (§8.3): E = positive − negative + leader's leadership. E ≥ 0 keeps
// the pool and the team Normal (Panicked if the pool is already empty);
// E < 0 takes E off the pool (advanced mode only) and the team is Confused,
// or Panicked once the pool is at or below 0. Basic mode: always Normal.
func EvaluateMorale(pool, positive, negative, leadership int, advanced bool) (int, MoraleState) {
	if !advanced {
		return pool, Normal
	}
	e := positive - negative + leadership
	if e >= 0 {
		if pool <= 0 {
			return pool, Panicked
		}
		return pool, Normal
	}
	pool += e
	if pool <= 0 {
		return pool, Panicked
	}
	return pool, Confused
}

// Allows reports whether a team in this state may assign an action that
// needs `need` (§8.3: an action is allowed iff state ≥ its morale type).
func (m MoraleState) Allows(need MoraleState) bool { return m >= need }

// LeaderCandidate is a character considered for team leader.
type LeaderCandidate struct {
	ID         string
	Leadership int
	// Out: unconscious or dead characters are ignored (rulebook "How is
	// team morale calculated?").
	Out bool
}

// SelectLeaders picks the leader (gold star) and second in command (silver)
// among characters that are not out: highest leadership first, ties to the
// earlier candidate (pass candidates in team order). Empty ids when none
// (§8.2).
func SelectLeaders(cands []LeaderCandidate) (leader, second string) {
	order := make([]int, 0, len(cands))
	for i, c := range cands {
		if !c.Out {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return cands[order[a]].Leadership > cands[order[b]].Leadership })
	if len(order) > 0 {
		leader = cands[order[0]].ID
	}
	if len(order) > 1 {
		second = cands[order[1]].ID
	}
	return leader, second
}
