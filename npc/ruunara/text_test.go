package ruunara

import (
	"testing"
)

// Every §4.5 template in both units (RU-D1, RU-X35).
func TestOrderTexts(t *testing.T) {
	w := newGame(t, 0).w
	w.Heroes = append(w.Heroes, Hero{ID: "H4", Name: "Vessa", HP: 6, Free: true})
	for _, tc := range []struct {
		o      Order
		in, cm string
	}{
		{Order{Enemy: "E4", Template: "post-marker"}, "Leave a post marker where E4 stands, with its facing.", ""},
		{Order{Enemy: "E4", Template: "investigate", Other: "E1", Dist: 20},
			`E4 heard the fight at E1: move 2" towards it.`, "E4 heard the fight at E1: move 5 cm towards it."},
		{Order{Enemy: "E4", Template: "investigate-see", Hero: "H2", Dist: 30},
			`E4 sees the fight: continue up to 3" towards Graam and engage it if you reach 1".`,
			"E4 sees the fight: continue up to 7.5 cm towards Graam and engage it if you reach 2.5 cm."},
		{Order{Enemy: "E1", Template: "search", Hero: "H4", Dist: 20},
			`E1 searches towards Vessa, who shot it: move 2" towards Vessa.`, "E1 searches towards Vessa, who shot it: move 5 cm towards Vessa."},
		{Order{Enemy: "E1", Template: "search-see", Hero: "H4", Dist: 30},
			`E1 sees Vessa: continue up to 3" towards Vessa and engage it if you reach 1".`, ""},
		{Order{Enemy: "E2", Template: "engage", Hero: "H1", Dist: 50},
			`E2 charges Naali: move up to 5" towards it and engage it if you reach 1".`,
			"E2 charges Naali: move up to 12.5 cm towards it and engage it if you reach 2.5 cm."},
		{Order{Enemy: "E7", Template: "shoot", Hero: "H2"}, "E7 shoots Graam.", ""},
		{Order{Enemy: "E7", Template: "shoot", Hero: "H2", N: 2, Hit: 4}, "E7 shoots Graam: 2 dice, hit on 4+.", ""},
		{Order{Enemy: "E7", Template: "close-in", Hero: "H1", Dist: 52, Range: 80},
			`E7 closes in on Naali: move up to 5.2" towards it, stopping as soon as Naali is within 8".`,
			"E7 closes in on Naali: move up to 13 cm towards it, stopping as soon as Naali is within 20 cm."},
		{Order{Enemy: "E5", Template: "rally", Other: "E2", Dist: 50}, `E5 rallies to E2: move up to 5" towards it.`, ""},
		{Order{Enemy: "E5", Template: "rally-body", Other: "E2", Dist: 15},
			`E5 rallies to where E2 fell (leave a body marker there if there is none yet): move up to 1.5" towards it.`, ""},
		{Order{Enemy: "E5", Template: "rally-face", Hero: "H1"}, "Turn E5 to face Naali.", ""},
		{Order{Enemy: "E2", Template: "alert", Other: "E1", List: []string{"E2", "E3"}, Dist: 100},
			`Leave a body marker where E1 fell. Turn E2, E3 to face it. Their vision is 10" until the end of the next enemy turn.`,
			"Leave a body marker where E1 fell. Turn E2, E3 to face it. Their vision is 25 cm until the end of the next enemy turn."},
		{Order{Enemy: "E2", Template: "post-facing"}, "Turn E2 back to its post facing.", ""},
		{Order{Enemy: "E1", Template: "pursue", Hero: "H2", Dist: 50},
			`E1 follows Graam: move up to 5" towards it and engage it if you reach 1".`,
			"E1 follows Graam: move up to 12.5 cm towards it and engage it if you reach 2.5 cm."},
		{Order{Enemy: "E1", Template: "give-up", Dist: 50}, `E1 gives up: return up to 5" towards its post marker.`,
			"E1 gives up: return up to 12.5 cm towards its post marker."},
		{Order{Enemy: "E4", Template: "return", Dist: 20},
			`E4 returns up to 2" towards its post marker; if it reaches it, stand it there with the marker's facing and remove the marker.`, ""},
		{Order{Enemy: "E3", Template: "guard-go", Hero: "H1", Dist: 50}, `E3 guards Naali: move up to 5" towards Naali and stand in contact.`, ""},
		{Order{Enemy: "E3", Template: "guard", Hero: "H1"}, "E3 guards Naali.", ""},
		{Order{Enemy: "E2", Template: "face-shooter", Hero: "H2"}, "Turn E2 to face Graam, who shot it.", ""},
		{Order{Enemy: "E1", Template: "attack", Hero: "H1", N: 2, Hit: 4}, "E1 attacks Naali: 2 dice, hit on 4+.", ""},
		{Order{Enemy: "E1", Template: "attack", Hero: "H3", N: 1, Hit: 6}, "E1 attacks Tarok: 1 die, hit on 6+.", ""},
	} {
		if got := tc.o.Text(w, Inches); got != tc.in {
			t.Errorf("%s in inches:\n got %q\nwant %q", tc.o.Template, got, tc.in)
		}
		if tc.cm != "" {
			if got := tc.o.Text(w, Centimetres); got != tc.cm {
				t.Errorf("%s in cm:\n got %q\nwant %q", tc.o.Template, got, tc.cm)
			}
		}
	}
}

// RU-X35: a cm seat reads "within 20 cm", "move up to 12.5 cm", "vision
// 25 cm"; the ticks do not change with the unit.
func TestX35Centimetres(t *testing.T) {
	g := newGame(t, 4)
	q := NoiseQuestion(g.w, g.s, "E1")
	if got := q.Text(g.w, Centimetres); got != "Which of these enemies are within 20 cm of the fight at E1 and cannot see it?" {
		t.Errorf("noise %q", got)
	}
	if got := (Order{Enemy: "E1", Template: "pursue", Hero: "H2", Dist: PursuitRate}).Text(g.w, Centimetres); got != "E1 follows Graam: move up to 12.5 cm towards it and engage it if you reach 2.5 cm." {
		t.Errorf("pursuit %q", got)
	}
	_, o := OnGroupAnswer(g.w, g.s, GroupEvent{X: "E1", Shooter: "H2", Instant: true},
		Question{Kind: "group", Lines: []Line{{Unit: "E2", Kind: "group", Answer: "yes"}}})
	if len(o) != 1 || o[0].Dist != 100 || o[0].Text(g.w, Centimetres) != "Leave a body marker where E1 fell. Turn E2 to face it. Its vision is 25 cm until the end of the next enemy turn." {
		t.Errorf("alert %+v %q", o, o[0].Text(g.w, Centimetres))
	}
	g.instant("E1", "H2", "E2")
	sq := SightQuestion(g.w, g.s)
	if got := sq.Lines[0].Text(g.w, Centimetres); got != "Which hero can E2 see now — front arc, within 25 cm, clear line? If several, the nearest." {
		t.Errorf("alert sight %q", got)
	}
	if got := (Line{Unit: "E4", Kind: "contact", Target: "H2"}).Text(g.w, Centimetres); got != "E4 — is it now within 2.5 cm of Graam?" {
		t.Errorf("contact %q", got)
	}
	if got := (Question{Kind: "group", Subject: "E2"}).Text(g.w, Centimetres); got != "Which of these enemies are within 10 cm of E2?" {
		t.Errorf("group %q", got)
	}
}

// The §4.2 line texts.
func TestLineTexts(t *testing.T) {
	g := newGame(t, 0)
	g.add("E7", archer)
	w := g.w
	for _, tc := range []struct {
		l    Line
		want string
	}{
		{Line{Unit: "E7", Kind: "in-range", Target: "H1", Dist: 80}, `Is Naali within E7's firing range, 8"?`},
		{Line{Unit: "E4", Kind: "vantage", Target: "E1"}, "E4 — can it now see the fight at E1?"},
		{Line{Unit: "E1", Kind: "search", Target: "H2"}, "E1 — can it see Graam now?"},
		{Line{Unit: "E4", Kind: "contact", Target: "H2"}, `E4 — is it now within 1" of Graam?`},
		{Line{Unit: "E5", Kind: "arrived-rally", Target: "E2"}, `E5 — is it within 1" of E2 (or its body marker)?`},
		{Line{Unit: "E6", Kind: "arrived-post"}, "E6 — is it back at its post marker?"},
		{Line{Unit: "E3", Kind: "arrived-guard", Target: "H1"}, `E3 — is it within 1" of the captive Naali?`},
		{Line{Unit: "E7", Kind: "range", Target: "H1", Dist: 80}, `E7 — is Naali now within its firing range, 8"?`},
		{Line{Unit: "E4", Kind: "nearest", Target: "E1", Options: []string{"H1", "H3"}}, "Which hero of the fight at E1 is nearest to E4 — Naali, Tarok?"},
		{Line{Unit: "E4", Kind: "noise", Target: "E1"}, "E4"},
		{Line{Unit: "E7", Kind: "sight", Vision: 80}, `Which hero can E7 see now — front arc, within 8", clear line? If several, the first on its line of fire.`},
	} {
		if got := tc.l.Text(w, Inches); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.l.Kind, got, tc.want)
		}
	}
}

func TestOrderKindAndRule(t *testing.T) {
	for tmpl, want := range map[string]string{"post-marker": "marker", "engage": "move", "alert": "turn", "shoot": "attack", "guard": "info", "rally-face": "turn", "return": "move"} {
		if got := (Order{Template: tmpl}).Kind(); got != want {
			t.Errorf("%s: kind %s, want %s", tmpl, got, want)
		}
	}
	if got := (Question{Kind: "noise"}).Rule(Centimetres); got != "A close combat is heard within 20 cm by enemies that cannot see it." {
		t.Errorf("noise rule %q", got)
	}
	// An enemy in Names is still named by id; a hero by its name.
	w := World{Stats: map[string]Stats{"E2": saarok}, Names: map[string]string{"E2": "Saarok warrior 2", "H1": "Naali"}}
	if got := (Order{Enemy: "E2", Template: "attack", Hero: "H1", N: 2, Hit: 4}).Text(w, Inches); got != "E2 attacks Naali: 2 dice, hit on 4+." {
		t.Errorf("names %q", got)
	}
}

func TestSiteMerged(t *testing.T) {
	g := newGame(t, 3)
	g.set(Enemy{ID: "E3", Mode: Investigating, Site: "E5", OffPost: true})
	s := OnSiteMerged(g.w, g.s, "E5", "E2")
	if s[2].Site != "E2" || g.s[2].Site != "E5" {
		t.Errorf("merged site %q (argument %q)", s[2].Site, g.s[2].Site)
	}
}

// The `ability` order names the enemy, its ability, the hero and the card
// text (RU-D46).
func TestAbilityOrderText(t *testing.T) {
	w := World{Names: map[string]string{"H1": "Naali"}}
	o := Order{Enemy: "E2", Template: "ability", Other: "Howl", Hero: "H1", Note: "Every hero within 3\" loses 1 HP"}
	if got, want := o.Text(w, Inches), `E2 uses Howl on Naali: Every hero within 3" loses 1 HP.`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if o.Kind() != "info" {
		t.Errorf("kind %q", o.Kind())
	}
}
