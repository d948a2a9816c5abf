package landsofruin

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// A player's own team (choose-team team-json=…) is carried whole in the
// command and recorded whole in the team-chosen event: the game never reads
// a roster, so a replay needs nothing but the log and the shipped content.

// MaxTeamJSON bounds choose-team's team-json argument (64 KiB).
const MaxTeamJSON = 64 << 10

// Bounds on a custom team, far beyond any legal one (a team fields at most
// ten models).
const (
	maxCustomChars = 20
	maxCustomID    = 40
	maxCustomName  = 60
)

// Roster kinds under which ccctl and the app keep a player's own Lands of
// Ruin characters (a content.Character each, console.Encode'd) and teams (a
// CustomTeam each) in the save file's rosters bucket, named by their id.
const (
	RosterKindCharacter = "landsofruin-character"
	RosterKindTeam      = "landsofruin-team"
)

// CustomTeam is a player's own team as the team-json argument of
// choose-team carries it, and as a roster keeps it: the team (members by
// character id, pre-made or the player's own) and the definitions of the
// player's own characters it takes (with the cohorts its heroes list).
// A character in Characters with the id of a pre-made one must be that
// pre-made character unchanged; the pre-made definition is then used.
type CustomTeam struct {
	ID      string           `json:"id" msgpack:"id"`
	Name    string           `json:"name" msgpack:"name"`
	Tribe   string           `json:"tribe" msgpack:"tribe"`
	Members []content.Member `json:"members" msgpack:"members"`
	// GearValue and Models are the totals, filled in by CheckCustomTeam
	// (informative: they are always recomputed).
	GearValue  int                 `json:"gear_value,omitempty" msgpack:"gear_value,omitempty"`
	Models     int                 `json:"models,omitempty" msgpack:"models,omitempty"`
	Characters []content.Character `json:"characters,omitempty" msgpack:"characters,omitempty"`
}

// Team returns the team part of t, for content.Validate.
func (t CustomTeam) Team() content.Team {
	return content.Team{ID: t.ID, Name: t.Name, Tribe: t.Tribe, Members: t.Members, GearValue: t.GearValue, Models: t.Models}
}

// ParseCustomTeam decodes a team-json argument strictly: unknown fields and
// trailing data are refused.
func ParseCustomTeam(text string) (CustomTeam, error) {
	var t CustomTeam
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		return CustomTeam{}, fmt.Errorf(`not a team: %w (want {"id","name","tribe","members":[{"character","count"}],"characters":[…]})`, err)
	}
	if dec.More() {
		return CustomTeam{}, errors.New("more than one JSON value")
	}
	return t, nil
}

// slug is the form of the ids of a player's own teams and characters: the
// game's character ids ("p1-" + id) and the arguments naming them stay
// short and plain.
var slug = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// CheckID checks the id of a player's own team or character.
func CheckID(what, id string) error {
	switch {
	case id == "":
		return fmt.Errorf("%s id: empty", what)
	case len(id) > maxCustomID || !slug.MatchString(id):
		return fmt.Errorf("%s id %q: use 1–%d lower-case letters, digits and hyphens", what, id, maxCustomID)
	}
	return nil
}

// flat puts a joined error on one line ("; " between its problems), so a
// refusal shown as one line says everything.
func flat(err error) string {
	return strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", "; ")
}

// normalised is a character as canonical JSON, nil and empty lists alike,
// to tell a pre-made character copied verbatim from a changed one.
func normalised(ch content.Character) []byte {
	if ch.Skills == nil {
		ch.Skills = []string{}
	}
	if ch.Gear == nil {
		ch.Gear = []content.GearItem{}
	}
	b, _ := json.Marshal(ch)
	return b
}

// CheckCustomTeam checks a player's own team against the content and the
// rules tables with content.Validate, under limit (≤ 0: the default
// maximum gear value): the ids, every character (gear and skill ids known,
// skill requirements, weight, gear value), the cohorts, the model count and
// the gear value. It returns the team as the game records it: the copies
// of pre-made characters dropped, the totals filled in. All problems are
// reported together, on one line.
func CheckCustomTeam(t CustomTeam, limit int) (CustomTeam, error) {
	d := data()
	var errs []string
	bad := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	if err := CheckID("team", t.ID); err != nil {
		bad("%v", err)
	} else if _, ok := d.cont.Team(t.ID); ok {
		bad("team id %q is a pre-made team's: give your own team another id (or choose-team team=%s)", t.ID, t.ID)
	}
	if strings.TrimSpace(t.Name) == "" || len(t.Name) > maxCustomName {
		bad("team name %q: give 1–%d characters", t.Name, maxCustomName)
	}
	if len(t.Characters) > maxCustomChars {
		bad("%d characters: at most %d", len(t.Characters), maxCustomChars)
		return CustomTeam{}, errors.New(strings.Join(errs, "; "))
	}
	var own []content.Character
	seen := map[string]bool{}
	for i, ch := range t.Characters {
		w := fmt.Sprintf("characters[%d]", i)
		if err := CheckID("character", ch.ID); err != nil {
			bad("%s: %v", w, err)
			continue
		}
		if seen[ch.ID] {
			bad("%s: character %q defined twice", w, ch.ID)
			continue
		}
		seen[ch.ID] = true
		if len(ch.Name) > maxCustomName {
			bad("%s: character %q: name longer than %d", w, ch.ID, maxCustomName)
		}
		if pre, ok := d.cont.Character(ch.ID); ok {
			if !bytes.Equal(normalised(ch), normalised(*pre)) {
				bad("%s: %q is a pre-made character's id and the definition differs: give your own character another id", w, ch.ID)
			}
			continue
		}
		own = append(own, ch)
	}
	if len(errs) > 0 {
		return CustomTeam{}, errors.New(strings.Join(errs, "; "))
	}
	td := content.Data{Content: d.cont, Catalog: d.team.Catalog, Custom: own}
	members := map[string]bool{}
	for _, m := range t.Members {
		members[m.Character] = true
	}
	// The members are checked by Validate; the other characters (a cohort
	// left at home that its hero lists) here.
	for i := range own {
		if !members[own[i].ID] {
			if err := td.CheckCharacter(&own[i]); err != nil {
				bad("%s", flat(err))
			}
		}
	}
	built, err := content.BuildTeam(td, t.ID, t.Name, t.Tribe, t.Members, limit)
	if err != nil {
		bad("%s", flat(err))
	}
	if len(errs) > 0 {
		return CustomTeam{}, errors.New(strings.Join(errs, "; "))
	}
	return CustomTeam{ID: built.ID, Name: built.Name, Tribe: built.Tribe, Members: built.Members,
		GearValue: built.GearValue, Models: built.Models, Characters: own}, nil
}

// decideCustomTeam is choose-team with team-json: the whole checked team
// goes into the event.
func (g *state) decideCustomTeam(p int, text string) ([]console.Event, error) {
	if g.Players[p].Role == "" {
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdChooseRole, "choose your role first: the team's gear value limit depends on it")
	}
	t, err := ParseCustomTeam(text)
	if err != nil {
		return nil, console.Reject("your team could not be read: %s", CustomTeamErrorText(t, errors.Unwrap(err)))
	}
	checked, err := CheckCustomTeam(t, g.teamLimit(p))
	if err != nil {
		name := t.Name
		if name == "" {
			name = t.ID
		}
		return nil, console.Reject("your team %q is not allowed: %s", name, CustomTeamErrorText(t, err))
	}
	return one(EventTeamChosen, Choice{Player: p, Value: checked.ID, Name: checked.Name, GearValue: checked.GearValue, Custom: &checked}, false)
}

// teamOf returns player p's chosen team and the data to check and build it
// with: the pre-made team, or the player's own with its characters.
func (g *state) teamOf(p int) (content.Team, content.Data, bool) {
	d := data()
	pl := g.Players[p]
	if pl.Custom != nil {
		td := d.team
		td.Custom = pl.Custom.Characters
		return pl.Custom.Team(), td, true
	}
	t, ok := d.cont.Team(pl.Team)
	if !ok {
		return content.Team{}, d.team, false
	}
	return *t, d.team, true
}

// Patterns of content's validation messages, which name JSON paths and
// ids (for an author's data files), rewritten for a player.
var (
	teamMemberRe    = regexp.MustCompile(`members\[\d+\] ("[^"]*"): unknown character`)
	teamPathRe      = regexp.MustCompile(`(?:team "[^"]*": |members\[\d+\] "[^"]*": |characters\[\d+\]: |roster: )`)
	teamGearRe      = regexp.MustCompile(`gear\[\d+\] "([^"]*)"`)
	teamGearBareRe  = regexp.MustCompile(`gear\[\d+\]: `)
	teamSkillRe     = regexp.MustCompile(`requires skill "([^"]*)"`)
	teamCharRe      = regexp.MustCompile(`character "([^"]*)"`)
	teamValueRe     = regexp.MustCompile(`gear_value: stated (\d+), computed (\d+) from its gear and skills`)
	teamUnknownRe   = regexp.MustCompile(`unknown gear id "[^"]*"`)
	teamPreCharRe   = regexp.MustCompile(`"([^"]*)" is a pre-made character's id and the definition differs: give your own character another id`)
	teamPreTeamRe   = regexp.MustCompile(`team id "([^"]*)" is a pre-made team's: give your own team another id \(or choose-team team=[^)]*\)`)
	teamQuotedIDRe  = regexp.MustCompile(`"[a-z0-9]+(?:-[a-z0-9]+)+"`)
	teamJSONFieldRe = regexp.MustCompile(` \(want \{.*\}\)$`)
)

// CustomTeamErrorText writes a refusal of the player's own team t (from
// ParseCustomTeam or CheckCustomTeam) in the game's words: characters,
// gear and skills by name, no JSON paths or ids.
func CustomTeamErrorText(t CustomTeam, err error) string {
	if err == nil {
		return ""
	}
	rd := data().rd
	charName := func(id string) string {
		for _, ch := range t.Characters {
			if ch.ID == id && ch.Name != "" {
				return ch.Name
			}
		}
		if ch, ok := data().cont.Character(id); ok && ch.Name != "" {
			return ch.Name
		}
		return "a character"
	}
	s := strings.TrimPrefix(flat(err), "json: ")
	s = teamJSONFieldRe.ReplaceAllString(s, "")
	s = teamPreTeamRe.ReplaceAllStringFunc(s, func(m string) string {
		id := teamPreTeamRe.FindStringSubmatch(m)[1]
		name := "a pre-made team"
		if tm, ok := data().cont.Team(id); ok {
			name = tm.Name
		}
		return fmt.Sprintf("your team's id is the one of %s: give your own team another id, or choose %s itself", name, name)
	})
	s = teamPreCharRe.ReplaceAllStringFunc(s, func(m string) string {
		id := teamPreCharRe.FindStringSubmatch(m)[1]
		return fmt.Sprintf("%s has the id of a pre-made character but differs from it: give yours another id", charName(id))
	})
	s = teamMemberRe.ReplaceAllString(s, "the team lists ${1}, a character this game does not know")
	s = teamPathRe.ReplaceAllString(s, "")
	s = teamGearRe.ReplaceAllStringFunc(s, func(m string) string {
		return "the " + itemName(teamGearRe.FindStringSubmatch(m)[1])
	})
	s = teamGearBareRe.ReplaceAllString(s, "")
	s = teamSkillRe.ReplaceAllStringFunc(s, func(m string) string {
		id := teamSkillRe.FindStringSubmatch(m)[1]
		if sk := rd.Skill(id); sk != nil {
			return "needs the skill " + sk.Name
		}
		return "needs a skill"
	})
	s = teamCharRe.ReplaceAllStringFunc(s, func(m string) string { return charName(teamCharRe.FindStringSubmatch(m)[1]) })
	s = teamValueRe.ReplaceAllString(s, "its gear value is $2, not $1 as stated")
	s = teamUnknownRe.ReplaceAllString(s, "carries gear this game does not know")
	s = strings.ReplaceAll(s, ": needs the skill", " needs the skill")
	s = teamQuotedIDRe.ReplaceAllString(s, "one of them")
	return s
}
