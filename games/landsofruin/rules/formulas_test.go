package rules

import (
	"strings"
	"testing"
)

// The rulebook's numbers (issue 4, "Tests").

func TestRulebookTwentyActionPoints(t *testing.T) {
	d := mustDefault(t)
	human := d.CharacterType("human")
	if got := ActionPoints(human, nil); got != 20 {
		t.Errorf("Human action points = %d, want 20", got)
	}
	if got := ActionPoints(nil, nil); got != DefaultActionPoints || DefaultActionPoints != 20 {
		t.Errorf("default action points = %d, want 20", got)
	}
	if got := ActionPoints(human, &Scenario{ActionPoints: 15}); got != 15 {
		t.Errorf("scenario override = %d, want 15", got)
	}
	for _, s := range d.Scenarios {
		if got := ActionPoints(human, &s); got != 20 {
			t.Errorf("scenario %s: action points = %d, want 20", s.ID, got)
		}
	}
}

func TestRulebookFiveUnspentGiveOneDefence(t *testing.T) {
	for _, c := range []struct{ unspent, want int }{
		{-5, 0}, {0, 0}, {4, 0}, {5, 1}, {9, 1}, {10, 2}, {19, 3}, {20, 4},
	} {
		if got := DefenceFromUnspentAP(c.unspent); got != c.want {
			t.Errorf("DefenceFromUnspentAP(%d) = %d, want %d", c.unspent, got, c.want)
		}
	}
}

func TestRulebookHalfSuppressionHalvesMovement(t *testing.T) {
	got := MovementAllowance(Movement{ActionPoints: 20, MovePerAPTenths: 10, MaxLoadGrams: 100000, FreeLoadPercent: 10, Suppression: 50})
	if got != 100 {
		t.Errorf("20 unspent APs at 50%% suppression = %s, want 10\"", FormatInches(got))
	}
	if got := MovementAllowance(Movement{ActionPoints: 20, MovePerAPTenths: 10, Suppression: 100}); got != 0 {
		t.Errorf("100%% suppression leaves %d, want 0", got)
	}
}

func TestRulebookSuppressionPenalty(t *testing.T) {
	for _, c := range []struct{ s, want int }{
		{0, 0}, {9, 0}, {10, 1}, {19, 1}, {20, 2}, {55, 5}, {100, 10}, {150, 10}, {-10, 0},
	} {
		if got := SuppressionPenalty(c.s); got != c.want {
			t.Errorf("SuppressionPenalty(%d) = %d, want %d", c.s, got, c.want)
		}
	}
	// In the target number: 30 % suppression makes a shot 3 harder.
	m := &Mode{Range: &RangeModifiers{}}
	base := TargetNumber(Attack{Base: 10, Mode: m}, 0, NoCover)
	if got := TargetNumber(Attack{Base: 10, Mode: m, Suppression: 30}, 0, NoCover); got != base+3 {
		t.Errorf("30%% suppression: TN %d, want %d", got, base+3)
	}
}

// The VZ 99 V Assault Rifle statline as printed in the rulebook
// ("Weapons"), read back from weapons.json.
func TestRulebookVZ99VStatline(t *testing.T) {
	d := mustDefault(t)
	w := d.Weapon("vz-99-v")
	if w == nil {
		t.Fatal("no vz-99-v")
	}
	if w.Name != "VZ 99 V Assault Rifle" || w.GearValue != 120 || w.Clip == nil || w.Clip.Rounds != 35 || w.Clip.GearValue != 27 || w.Camo != 7 {
		t.Errorf("header: name %q, GV %d, clip %+v, camo %d; want VZ 99 V Assault Rifle, 120, 35 rounds / 27 GV, 7", w.Name, w.GearValue, w.Clip, w.Camo)
	}
	type line struct {
		name                     string
		targets, li, hi, la, ha  int
		ba, short, mid, long, nz int
		targeting, hit           int
	}
	want := []line{
		{"focus fire", 1, 2, 2, 0, 0, 5, 2, 2, 0, 100, 5, 10},
		{"full auto", 3, 1, 1, 0, 0, 15, 0, -2, -6, 150, 15, 10},
		{"suppressing fire", 5, 1, 0, 0, 0, 35, -5, -15, -20, 300, 25, 10},
	}
	if len(w.Modes) != len(want) {
		t.Fatalf("%d modes, want %d", len(w.Modes), len(want))
	}
	for i, m := range w.Modes {
		b := m.RangeBands()
		got := line{m.Name, m.MaxTargets, m.Power.LightInfantry, m.Power.HeavyInfantry, m.Power.LightArmour, m.Power.HeavyArmour,
			m.RoundsPerAction, b[0], b[1], b[2], m.Noise, m.Suppression.Targeting, m.Suppression.Hit}
		if got != want[i] {
			t.Errorf("mode %d:\n got %+v\nwant %+v", i, got, want[i])
		}
	}
}

// TestRulebookToHitCapAfterAllModifiers: the cap of 20 applies to the sum
// of every modifier, not to the attacker's side before aim and defence.
// Rulebook "Suppression": "A 100% suppressed character receives a -10
// modifier to all attack rolls"; "Weapons": each mode's short/mid/long
// modifier applies (the VZ 99 V statline). The app's early cap (facts
// §4.2, min(t, 20) before aim) lost them; DECISIONS.md.
func TestRulebookToHitCapAfterAllModifiers(t *testing.T) {
	d := mustDefault(t)
	focus := d.Mode("vz-99-v", "focus-fire")      // +2 / +2 / 0
	auto := d.Mode("vz-99-v", "full-auto")        // 0 / −2 / −6
	supp := d.Mode("vz-99-v", "suppressing-fire") // −5 / −15 / −20
	if focus == nil || auto == nil || supp == nil {
		t.Fatal("VZ 99 V modes missing")
	}
	for _, c := range []struct {
		name    string
		a       Attack
		defence int
		cover   Cover
		want    int
	}{
		// 15 + 10 (100 %) − 2 = 23, aim −7 ⇒ 16 (the app: 20 − 7 = 13, so
		// 100 % suppression cost only 7).
		{"focus fire, 100% suppression, aimed", Attack{Base: 15, Mode: focus, Band: Short, Suppression: 100, Aim: true}, 0, NoCover, 16},
		// Without suppression: 13 − 7 = 6; the suppression adds all of its 10.
		{"focus fire, aimed", Attack{Base: 15, Mode: focus, Band: Short, Aim: true}, 0, NoCover, 6},
		// Full auto at mid range: 15 + 10 + 2 = 27, aim ⇒ 20 (the app: 13):
		// the mode's −2 is not lost against focus fire's +2 (16).
		{"full auto mid, 100% suppression, aimed", Attack{Base: 15, Mode: auto, Band: Mid, Suppression: 100, Aim: true}, 0, NoCover, 20},
		{"full auto short, 50% suppression, aimed", Attack{Base: 15, Mode: auto, Band: Short, Suppression: 50, Aim: true}, 0, NoCover, 13},
		// Suppressing fire at long range: 15 + 20 = 35, aim 28 ⇒ 20; mid:
		// 30 − 7 = 23 ⇒ 20; short: 20 − 7 = 13 (the app: 13 at every range).
		{"suppressing fire long, aimed", Attack{Base: 15, Mode: supp, Band: Long, Aim: true}, 0, NoCover, 20},
		{"suppressing fire short, aimed", Attack{Base: 15, Mode: supp, Band: Short, Aim: true}, 0, NoCover, 13},
		// A bipod's deployed bonus and a negative defence count in full too:
		// 15 + 10 + 5 = 30 − 8 − 4 ⇒ 18 (the app: 20 − 8 − 4 = 8).
		{"deployed, wounded target", Attack{Base: 15, Mode: supp, Band: Short, Suppression: 100, Deployed: 8}, -4, NoCover, 18},
		// The floor of 2 is still applied once, to the total.
		{"floor", Attack{Base: 8, Mode: focus, Aim: true, SkillBonus: 5}, -5, NoCover, 2},
	} {
		if got := TargetNumber(c.a, c.defence, c.cover); got != c.want {
			t.Errorf("%s: TargetNumber = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestRulebookDifficultTerrain: "Moving through difficult terrain halves
// the character's movement value for the turn" (rulebook "Obstacles and
// difficult terrain"), truncated to a tenth of an inch.
func TestRulebookDifficultTerrain(t *testing.T) {
	for _, c := range []struct{ tenths, want int }{{200, 100}, {100, 50}, {75, 37}, {1, 0}, {0, 0}, {-10, 0}} {
		if got := DifficultTerrain(c.tenths); got != c.want {
			t.Errorf("DifficultTerrain(%d) = %d, want %d", c.tenths, got, c.want)
		}
	}
}

func TestRulebookMultiTarget(t *testing.T) {
	for _, c := range []struct {
		max    int
		extra  []int
		errHas string
	}{
		{1, nil, ""},
		{3, []int{50, 0}, ""},
		{3, []int{51}, "within 5\""},
		{5, []int{10, 20, 30, 49}, ""},
		{1, []int{10}, "at most 1"},
		{3, []int{10, 10, 10}, "at most 3"},
		{2, []int{-1}, "within"},
	} {
		err := CheckTargets(c.max, c.extra)
		if c.errHas == "" && err != nil {
			t.Errorf("CheckTargets(%d, %v) = %v, want nil", c.max, c.extra, err)
		}
		if c.errHas != "" && (err == nil || !strings.Contains(err.Error(), c.errHas)) {
			t.Errorf("CheckTargets(%d, %v) = %v, want error containing %q", c.max, c.extra, err, c.errHas)
		}
	}
	if !WithinMultiTargetRange(50) || WithinMultiTargetRange(51) {
		t.Error("5\" multi-target boundary wrong")
	}
}

func TestRulebookRangeBands(t *testing.T) {
	for _, c := range []struct {
		tenths int
		want   Band
	}{{0, Short}, {99, Short}, {100, Short}, {101, Mid}, {200, Mid}, {201, Long}, {10000, Long}} {
		if got := RangeBand(c.tenths); got != c.want {
			t.Errorf("RangeBand(%s) = %v, want %v", FormatInches(c.tenths), got, c.want)
		}
	}
	// Multiple targets: the farthest decides.
	if got := AttackBand(50, 150, 250); got != Long {
		t.Errorf("AttackBand = %v, want long", got)
	}
	if got := AttackBand(); got != Short {
		t.Errorf("AttackBand() = %v, want short", got)
	}
	d := mustDefault(t)
	ak := d.Mode("ak-47", "full-auto")
	for b, want := range map[Band]int{Short: 0, Mid: -2, Long: -6} {
		if got := ak.BandModifier(b); got != want {
			t.Errorf("AK-47 full auto %v = %d, want %d", b, got, want)
		}
	}
	knife := d.Mode("combat-knife", "stab")
	for _, b := range []Band{Short, Mid, Long} {
		if got := knife.BandModifier(b); got != 1 {
			t.Errorf("knife %v = %d, want 1 (close combat uses short)", b, got)
		}
	}
}

func TestMovementAllowance(t *testing.T) {
	d := mustDefault(t)
	onFire, cover := d.Effect("on-fire"), d.Effect("take-cover")
	for _, c := range []struct {
		name string
		m    Movement
		want int
	}{
		{"20 AP free", Movement{ActionPoints: 20, MovePerAPTenths: 10, MaxLoadGrams: 100000, FreeLoadPercent: 10}, 200},
		{"10 kg is free", Movement{ActionPoints: 20, MovePerAPTenths: 10, CarriedGrams: 10000, MaxLoadGrams: 100000, FreeLoadPercent: 10}, 200},
		{"15 kg costs 5%", Movement{ActionPoints: 20, MovePerAPTenths: 10, CarriedGrams: 15000, MaxLoadGrams: 100000, FreeLoadPercent: 10}, 190},
		{"weight then suppression", Movement{ActionPoints: 10, MovePerAPTenths: 10, CarriedGrams: 13470, MaxLoadGrams: 100000, FreeLoadPercent: 10, Suppression: 25}, 72},
		{"overloaded", Movement{ActionPoints: 20, MovePerAPTenths: 10, CarriedGrams: 200000, MaxLoadGrams: 100000, FreeLoadPercent: 10}, 0},
		{"on fire halves", Movement{ActionPoints: 20, MovePerAPTenths: 10, Effects: []*Effect{onFire}}, 100},
		{"take cover stops", Movement{ActionPoints: 20, MovePerAPTenths: 10, Effects: []*Effect{cover}}, 0},
		{"no AP", Movement{ActionPoints: 0, MovePerAPTenths: 10}, 0},
		{"negative AP", Movement{ActionPoints: -3, MovePerAPTenths: 10}, 0},
	} {
		if got := MovementAllowance(c.m); got != c.want {
			t.Errorf("%s: MovementAllowance = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestActionPointsAndPools(t *testing.T) {
	d := mustDefault(t)
	for _, c := range []struct {
		effects []string
		want    int
	}{{nil, 20}, {[]string{"on-fire"}, 10}, {[]string{"pinned"}, 0}, {[]string{"surprised"}, 0}, {[]string{"take-cover"}, 20}} {
		var es []*Effect
		for _, id := range c.effects {
			es = append(es, d.Effect(id))
		}
		if got := AvailableActionPoints(20, es); got != c.want {
			t.Errorf("AvailableActionPoints(20, %v) = %d, want %d", c.effects, got, c.want)
		}
	}
	if got := UnspentAP(20, 15); got != 5 {
		t.Errorf("UnspentAP(20,15) = %d", got)
	}
	if got := UnspentAP(10, 15); got != 0 {
		t.Errorf("UnspentAP(10,15) = %d", got)
	}
	// Rulebook "Unspent action points": only the points left over after
	// assigning count; an assigned action's points are spent, performed
	// or not. −5 per unresolved hit (§2.3).
	for _, c := range []struct{ unspent, hits, want int }{{20, 0, 20}, {20, 1, 15}, {20, 3, 5}, {20, 5, 0}, {10, 0, 10}, {0, 0, 0}, {10, 1, 5}, {5, 2, 0}} {
		if got := DefencePool(c.unspent, c.hits); got != c.want {
			t.Errorf("DefencePool(%d, %d) = %d, want %d", c.unspent, c.hits, got, c.want)
		}
	}
}

func TestSuppression(t *testing.T) {
	for _, c := range []struct{ cur, add, want int }{{0, 5, 5}, {90, 25, 100}, {10, -20, 0}, {100, 0, 100}} {
		if got := AddSuppression(c.cur, c.add); got != c.want {
			t.Errorf("AddSuppression(%d,%d) = %d, want %d", c.cur, c.add, got, c.want)
		}
	}
	d := mustDefault(t)
	if got := EffectiveSuppression(80, 0, []*Effect{d.Effect("frenzy")}); got != 0 {
		t.Errorf("frenzy suppression = %d, want 0", got)
	}
	if got := EffectiveSuppression(130, 10, nil); got != 100 {
		t.Errorf("EffectiveSuppression(130,10) = %d, want 100", got)
	}
}

func TestTargetNumber(t *testing.T) {
	d := mustDefault(t)
	ak := d.Mode("ak-47", "focus-fire")
	knife := d.Mode("combat-knife", "stab")
	bipodSaw := d.Mode("m249-saw", "focus-fire")
	for _, c := range []struct {
		name    string
		a       Attack
		defence int
		cover   Cover
		want    int
	}{
		// Facts sheet §4.3 worked examples.
		{"AK short, light cover, +4", Attack{Base: 15, Mode: ak, Band: Short}, 4, CoverLight, 20},
		{"AK aimed, light cover, +4", Attack{Base: 15, Mode: ak, Band: Short, Aim: true}, 4, CoverLight, 14},
		{"knife vs +4 in the open", Attack{Base: 8, Mode: knife}, 4, NoCover, 11},
		{"AK long, open, no defence", Attack{Base: 15, Mode: ak, Band: Long}, 0, NoCover, 15},
		{"heavy cover", Attack{Base: 15, Mode: ak, Band: Short, Aim: true}, 0, CoverHeavy, 14},
		{"basic cover", Attack{Base: 15, Mode: ak, Band: Short, Aim: true}, 0, CoverBasic, 10},
		{"skills and wound", Attack{Base: 15, Mode: ak, Band: Mid, SkillBonus: 2, Wounds: -1}, 0, NoCover, 12},
		{"suppressed 100%", Attack{Base: 15, Mode: ak, Band: Short, Suppression: 100}, 0, NoCover, 20},
		{"clamped low", Attack{Base: 8, Mode: knife, Aim: true, SkillBonus: 5}, -5, NoCover, 2},
		{"no cap before aim", Attack{Base: 15, Mode: bipodSaw, Band: Long, Aim: true}, 0, NoCover, 18},
		{"bipod deployed", Attack{Base: 15, Mode: bipodSaw, Band: Short, AccessoryBonus: 8}, 0, NoCover, 13},
		{"on fire", Attack{Base: 15, Mode: ak, Band: Short, Effects: -5}, 0, NoCover, 18},
		{"no mode", Attack{Base: 15}, 0, NoCover, 15},
	} {
		if got := TargetNumber(c.a, c.defence, c.cover); got != c.want {
			t.Errorf("%s: TargetNumber = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestRollResult(t *testing.T) {
	for _, c := range []struct {
		roll, tn int
		adv      bool
		want     HitResult
	}{
		{12, 13, true, Miss}, {13, 13, true, Hit}, {19, 13, true, Hit}, {20, 13, true, Critical},
		{20, 13, false, Hit}, {19, 20, true, Miss}, {20, 20, true, Hit}, {1, 2, true, Miss}, {2, 2, true, Hit},
		{2, 1, true, Hit}, {1, 1, true, Miss},
	} {
		got, err := RollResult(c.roll, c.tn, c.adv)
		if err != nil || got != c.want {
			t.Errorf("RollResult(%d, %d, %v) = %v, %v; want %v", c.roll, c.tn, c.adv, got, err, c.want)
		}
	}
	for _, r := range []int{0, 21, -1} {
		if _, err := RollResult(r, 10, true); err == nil {
			t.Errorf("RollResult(%d) accepted", r)
		}
	}
	m := &Mode{Power: Power{LightInfantry: 2}}
	if HitPower(m, Hit) != 2 || HitPower(m, Critical) != 3 {
		t.Error("HitPower: critical must add 1")
	}
}

func TestDamageChartLookup(t *testing.T) {
	d := mustDefault(t)
	for _, kind := range []AttackKind{Ranged, CloseCombat} {
		for _, c := range []struct {
			d100, power         int
			total               int
			from                int
			public, private     string
			effects             string
			morale, atk, def, n int
		}{
			{1, 0, 1, 1, "No effect", "No effect", "", 0, 0, 0, 0},
			{9, 0, 9, 1, "No effect", "No effect", "", 0, 0, 0, 0},
			{10, 0, 10, 10, "Shocked", "Shocked", "", 1, -1, 0, 1},
			{5, 1, 15, 15, "Shocked", "Shocked", "", 1, -1, -1, 1},
			{4, 2, 24, 20, "Down", "Pinned", "pinned", 1, 0, 0, 0},
			{40, 2, 60, 60, "Wounded", "Badly wounded", "bleeding,pinned", 3, -2, -2, 0},
			{65, 0, 65, 65, "Down", "Unconscious", "unconscious", 3, -1, -1, 0},
			{79, 0, 79, 75, "Down", "Unconscious", "unconscious,bleeding", 3, -2, -2, 0},
			{80, 0, 80, 80, "Down", "Dead", "dead", 4, 0, 0, 0},
			{100, 0, 100, 95, "Down", "Dead", "dead", 6, 0, 0, 0},
			{100, 4, 140, 95, "Down", "Dead", "dead", 6, 0, 0, 0},
			{5, -2, 1, 1, "No effect", "No effect", "", 0, 0, 0, 0},
		} {
			got, err := d.ResolveDamage(kind, c.d100, c.power)
			if err != nil {
				t.Fatalf("%s ResolveDamage(%d,%d): %v", kind, c.d100, c.power, err)
			}
			r := got.Row
			var atk, def, n int
			if r.Modifier != nil {
				atk, def, n = r.Modifier.Attack, r.Modifier.Defence, r.Modifier.Turns
			}
			if got.Total != c.total || r.From != c.from || r.Public != c.public || r.Private != c.private ||
				strings.Join(r.Effects, ",") != c.effects || r.Morale != c.morale || atk != c.atk || def != c.def || n != c.n {
				t.Errorf("%s d100 %d power %d: total %d row %d %q/%q %v morale %d mod %d/%d/%d; want %d row %d %q/%q %s morale %d mod %d/%d/%d",
					kind, c.d100, c.power, got.Total, r.From, r.Public, r.Private, r.Effects, r.Morale, atk, def, n,
					c.total, c.from, c.public, c.private, c.effects, c.morale, c.atk, c.def, c.n)
			}
		}
	}
	// Every total 1..200 finds a row whose range contains it (or the
	// open-ended last row).
	for total := -5; total <= 200; total++ {
		r := d.ShootingChart.Row(total)
		tt := max(total, 1)
		if r.From > tt || (r.To != 0 && r.To < tt) {
			t.Fatalf("total %d read row %d..%d", total, r.From, r.To)
		}
	}
	for _, bad := range []int{0, 101} {
		if _, err := d.ResolveDamage(Ranged, bad, 0); err == nil {
			t.Errorf("d100 %d accepted", bad)
		}
	}
	if DamageTotal(50, 2) != 70 || DamageTotal(5, -2) != 1 {
		t.Error("DamageTotal wrong")
	}
}

func TestModifierActive(t *testing.T) {
	shock := WoundModifier{Attack: -1, Turns: 1}
	if !ModifierActive(shock, 3, 4) || ModifierActive(shock, 3, 5) {
		t.Error("a 1-turn modifier from turn 3 lasts through turn 4 only")
	}
	if !ModifierActive(WoundModifier{Turns: 0}, 1, 99) {
		t.Error("turns 0 is permanent")
	}
}

func TestMorale(t *testing.T) {
	for _, c := range []struct {
		pool, pos, neg, ld int
		adv                bool
		wantPool           int
		want               MoraleState
	}{
		{25, 2, 6, 1, true, 22, Confused}, // facts sheet §8.3 example
		{25, 0, 1, 1, true, 25, Normal},
		{2, 0, 5, 1, true, -2, Panicked},
		{0, 5, 0, 1, true, 0, Panicked},
		{25, 0, 30, 0, false, 25, Normal},
	} {
		p, s := EvaluateMorale(c.pool, c.pos, c.neg, c.ld, c.adv)
		if p != c.wantPool || s != c.want {
			t.Errorf("EvaluateMorale(%d,%d,%d,%d,%v) = %d %v, want %d %v", c.pool, c.pos, c.neg, c.ld, c.adv, p, s, c.wantPool, c.want)
		}
	}
	if !Confused.Allows(Confused) || Confused.Allows(Normal) || !Panicked.Allows(Panicked) || Panicked.Allows(Confused) {
		t.Error("MoraleState.Allows wrong")
	}
	l, s := SelectLeaders([]LeaderCandidate{{"a", 1, false}, {"b", 3, true}, {"c", 2, false}, {"d", 2, false}})
	if l != "c" || s != "d" {
		t.Errorf("SelectLeaders = %q, %q; want c, d", l, s)
	}
	if l, s := SelectLeaders([]LeaderCandidate{{"a", 1, true}}); l != "" || s != "" {
		t.Errorf("all out: %q %q", l, s)
	}
}

func TestUnits(t *testing.T) {
	for _, c := range []struct {
		tenths, mm int
		in, cm     string
	}{{100, 254, `10"`, "25.4 cm"}, {125, 318, `12.5"`, "31.8 cm"}, {0, 0, `0"`, "0.0 cm"}, {-15, -38, `-1.5"`, "-3.8 cm"}, {1, 3, `0.1"`, "0.3 cm"}} {
		if got := TenthsToMM(c.tenths); got != c.mm {
			t.Errorf("TenthsToMM(%d) = %d, want %d", c.tenths, got, c.mm)
		}
		if got := FormatInches(c.tenths); got != c.in {
			t.Errorf("FormatInches(%d) = %q, want %q", c.tenths, got, c.in)
		}
		if got := FormatCentimetres(c.tenths); got != c.cm {
			t.Errorf("FormatCentimetres(%d) = %q, want %q", c.tenths, got, c.cm)
		}
	}
	for _, c := range []struct{ mm, tenths int }{{254, 100}, {100, 39}, {0, 0}, {-254, -100}} {
		if got := MMToTenths(c.mm); got != c.tenths {
			t.Errorf("MMToTenths(%d) = %d, want %d", c.mm, got, c.tenths)
		}
	}
}
