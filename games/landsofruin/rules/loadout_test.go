package rules

import (
	"reflect"
	"strings"
	"testing"
)

func rifleman() Loadout {
	return Loadout{
		Type:   "human",
		Skills: []string{"human-basic-skills", "shooting", "basic-weapons", "advanced-ranged-training", "rifle-specialisation", "defence-bonus", "defence-bonus", "leadership-bonus"},
		Gear:   []string{"vz-99-v", "flak-armour"},
		Ammo:   []Ammo{{Weapon: "vz-99-v", Clips: 3}},
	}
}

func TestGearValueAndWeight(t *testing.T) {
	d := mustDefault(t)
	l := rifleman()
	// 120 + 25 gear, 3×27 clips, skills 10+100+10+30+20+30+30+10.
	wantGV := 120 + 25 + 3*27 + 10 + 100 + 10 + 30 + 20 + 30 + 30 + 10
	if got, err := d.GearValue(l); err != nil || got != wantGV {
		t.Errorf("GearValue = %d, %v; want %d", got, err, wantGV)
	}
	// 3470 + 5000 + 3×750: the rifle once, not once per mode.
	if got, err := d.CarriedWeight(l); err != nil || got != 3470+5000+2250 {
		t.Errorf("CarriedWeight = %d, %v; want %d", got, err, 3470+5000+2250)
	}
	if got, err := d.Camouflage(l); err != nil || got != 10-7-15 {
		t.Errorf("Camouflage = %d, %v; want %d", got, err, 10-7-15)
	}
	if got := d.Leadership(l); got != 2 {
		t.Errorf("Leadership = %d, want 2", got)
	}
	for _, bad := range []Loadout{
		{Type: "human", Gear: []string{"laser"}},
		{Type: "human", Ammo: []Ammo{{Weapon: "combat-knife", Clips: 1}}},
		{Type: "human", Skills: []string{"magic"}},
	} {
		if _, err := d.GearValue(bad); err == nil {
			t.Errorf("GearValue(%+v) accepted", bad)
		}
	}
	if _, err := d.CarriedWeight(Loadout{Ammo: []Ammo{{Weapon: "ak-47", Clips: -1}}}); err == nil {
		t.Error("negative clips accepted")
	}
	if w := d.Weapon("ak-47"); w.Rounds(2) != 60 || d.Weapon("combat-knife").Rounds(2) != 0 {
		t.Error("Rounds wrong")
	}
	if m := d.Mode("m249-saw", "suppressing-fire"); m.Usable(199) || !m.Usable(200) {
		t.Error("a mode needing more ammo than left must be refused")
	}
}

func TestCheckLoadout(t *testing.T) {
	d := mustDefault(t)
	if err := d.CheckLoadout(rifleman(), CheckOptions{}); err != nil {
		t.Errorf("rifleman: %v", err)
	}
	for _, c := range []struct {
		name  string
		l     Loadout
		opts  CheckOptions
		wants []string
	}{
		{"unknown type", Loadout{Type: "elf"}, CheckOptions{}, []string{`unknown character type "elf"`}},
		{"gear needs skill", Loadout{Type: "human", Skills: []string{"human-basic-skills"}, Gear: []string{"ak-47"}}, CheckOptions{}, []string{`gear "ak-47" needs skill "basic-weapons"`}},
		{"skill not unlocked", Loadout{Type: "human", Skills: []string{"human-basic-skills", "rifle-specialisation"}}, CheckOptions{}, []string{`skill "rifle-specialisation" needs one of: "advanced-ranged-training"`}},
		{"too many copies", Loadout{Type: "human", Skills: []string{"human-basic-skills", "shooting", "shooting"}}, CheckOptions{}, []string{`"shooting" taken 2 times: at most 1`}},
		{"restricted", Loadout{Type: "human", Skills: []string{"human-basic-skills", "balean-slaver"}}, CheckOptions{}, []string{"pre-made"}},
		{"accessory without weapon", Loadout{Type: "human", Skills: []string{"human-basic-skills", "shooting", "heavy-weapons", "bipod"}, Gear: []string{"bipod"}}, CheckOptions{}, []string{`accessory "bipod" fits only "m249-saw"`}},
		{"ammo without weapon", Loadout{Type: "human", Ammo: []Ammo{{Weapon: "ak-47", Clips: 1}}}, CheckOptions{}, []string{"not carried"}},
		{"innate weapon", Loadout{Type: "human", Gear: []string{"rotter-shambler"}}, CheckOptions{}, []string{"not gear"}},
		{"unknown gear and skill", Loadout{Type: "human", Skills: []string{"x"}, Gear: []string{"y"}}, CheckOptions{}, []string{`unknown skill "x"`, `unknown gear "y"`}},
	} {
		err := d.CheckLoadout(c.l, c.opts)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		for _, w := range c.wants {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not mention %q", c.name, err, w)
			}
		}
	}
	slaver := Loadout{Type: "human", Skills: []string{"human-basic-skills", "balean-slaver"}, Gear: []string{"balean-slave"}}
	if err := d.CheckLoadout(slaver, CheckOptions{AllowRestricted: true}); err != nil {
		t.Errorf("pre-made slaver: %v", err)
	}
}

func TestBonusesAndDefence(t *testing.T) {
	d := mustDefault(t)
	l := rifleman()
	if got := d.SkillAttackBonus(l.Skills, "vz-99-v"); got != 2 {
		t.Errorf("skill bonus with the VZ = %d, want 2 (advanced ranged + rifle)", got)
	}
	if got := d.SkillAttackBonus([]string{"ak-47-specialisation", "close-combat-bonus"}, "vz-99-v"); got != 0 {
		t.Errorf("AK skill on VZ = %d, want 0", got)
	}
	if got := d.SkillAttackBonus([]string{"close-combat-bonus", "close-combat-bonus"}, "combat-knife"); got != 2 {
		t.Errorf("cc bonus = %d, want 2", got)
	}
	gear := []string{"m249-saw", "bipod"}
	if got := d.AccessoryAttackBonus(gear, "m249-saw", nil); got != 0 {
		t.Errorf("bipod not deployed = %d, want 0", got)
	}
	if got := d.AccessoryAttackBonus(gear, "m249-saw", []string{"weapon-deployed"}); got != 8 {
		t.Errorf("bipod deployed = %d, want 8", got)
	}
	for _, c := range []struct {
		in   DefenceInput
		want int
	}{
		{DefenceInput{Against: Ranged, Gear: l.Gear, Skills: l.Skills, UnspentAP: 20}, 2 + 2 + 4},
		{DefenceInput{Against: CloseCombat, Gear: l.Gear, Skills: l.Skills, UnspentAP: 7, Wounds: -1}, 1 + 2 + 1 - 1},
		{DefenceInput{Against: Rotter, Gear: l.Gear, Effects: []string{"take-cover"}}, 2 + 3},
		{DefenceInput{Against: Explosive, Gear: l.Gear, Skills: l.Skills, UnspentAP: 20}, 1},
		{DefenceInput{Against: CloseCombat, Effects: []string{"take-cover"}}, 3},
		{DefenceInput{Against: Ranged, Effects: []string{"surprised"}}, -5},
	} {
		got, err := d.Defence(c.in)
		if err != nil || got != c.want {
			t.Errorf("Defence(%+v) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	if _, err := d.Defence(DefenceInput{Against: Ranged, Effects: []string{"nope"}}); err == nil {
		t.Error("unknown effect accepted")
	}
}

func TestAvailableActions(t *testing.T) {
	d := mustDefault(t)
	got := d.AvailableActions(rifleman())
	// Sorted by list order: put-out-fire (1) and reveal-enemy (3) first.
	want := []string{"put-out-fire", "reveal-enemy", "take-cover", "drop-objective", "shoot", "aim-and-shoot", "close-combat", "flee", "pick-up-objective", "scavenge", "get-up"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("AvailableActions = %v\nwant %v", got, want)
	}
	// The bipod skill grants its actions only with a bipod carried.
	l := Loadout{Type: "human", Skills: []string{"bipod"}}
	if got := d.AvailableActions(l); len(got) != 0 {
		t.Errorf("bipod skill without bipod: %v", got)
	}
	l.Gear = []string{"m249-saw", "bipod"}
	if got := d.AvailableActions(l); !reflect.DeepEqual(got, []string{"deploy-weapon", "undeploy-weapon", "realign-weapon"}) {
		t.Errorf("bipod skill with bipod: %v", got)
	}
}
