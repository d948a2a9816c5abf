package main

// The roster verb keeps a player's own Lands of Ruin characters and teams in
// the save file's rosters bucket (console/store), and the do verb plays a
// roster team: do GAME --seat S choose-team roster=NAME replaces roster=NAME
// with team-json=… (the team with its characters) before the command is
// sent, so the game records the whole team and never reads the roster.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// rosterUsage is the roster verb's usage line.
const rosterUsage = "roster list [--kind characters|teams|cards] | roster show NAME | roster add-character FILE | " +
	"roster add-team FILE [--max-gear-value N] | roster add-card FILE | roster delete NAME; play a roster team with do GAME --seat S choose-team roster=NAME, " +
	"bring a roster card into a Ruunara game with do GAME --seat S define-card roster=ID"

// rosterDoc is the longer help of the roster verb (ccctl roster --help).
const rosterDoc = `Your own Lands of Ruin characters and teams, and your Ruunara unit cards,
kept in the save file.

  add-character FILE  a character, or a JSON array of characters (a hero and
                      its cohorts together), as in characters.json: id, name,
                      tribe, type, kind, hero/cohorts, skills, gear. The gear
                      value, leadership, camouflage and detection are computed;
                      gear and skill ids, skill requirements and weight are
                      checked. A character of the same id is replaced.
  add-team FILE       {"id","name","tribe","members":[{"character","count"}]}:
                      members are pre-made characters or roster characters (or
                      characters given in "characters"). Checked like a team
                      at choose-team, under the default maximum gear value (or
                      --max-gear-value), and stored with the definitions of
                      its own characters, so later changes to the roster's
                      characters do not change it.
  add-card FILE       a Ruunara card, or a JSON array of cards, as in
                      assets/ruunara/units.json; a card of the same id is
                      replaced. do GAME --seat S define-card roster=ID
                      brings it into a game in set-up.
  list, show NAME, delete NAME
                      names are ids, unique across characters and teams.
  do GAME --seat S choose-team roster=NAME
                      plays roster team NAME: ccctl sends it whole as
                      team-json, and the game keeps it in its own log.

FILE "-" is stdin.`

// Roster kinds as the list verb names them.
const (
	kindCharacters = "characters"
	kindTeams      = "teams"
)

// maxRosterFile bounds a FILE read by roster add-*.
const maxRosterFile = 1 << 20

// rosterCharOut and rosterTeamOut are the lines of roster list.
type rosterCharOut struct {
	Name      string `json:"name"`
	Character string `json:"character"`
	Tribe     string `json:"tribe"`
	Kind      string `json:"kind"`
	GearValue int    `json:"gear_value"`
}

type rosterTeamOut struct {
	Name      string `json:"name"`
	Team      string `json:"team"`
	Tribe     string `json:"tribe"`
	GearValue int    `json:"gear_value"`
	Models    int    `json:"models"`
}

// rosterEntryOut is what show, the add sub-commands and delete print.
type rosterEntryOut struct {
	Name      string                  `json:"name"`
	Kind      string                  `json:"kind"` // character or team
	Character *content.Character      `json:"character,omitempty"`
	Team      *landsofruin.CustomTeam `json:"team,omitempty"`
	Card      json.RawMessage         `json:"card,omitempty"`
	Replaced  bool                    `json:"replaced,omitempty"`
	Deleted   bool                    `json:"deleted,omitempty"`
}

func (c *cli) roster(args []string) error {
	fs := c.verbFlags("roster")
	kind := fs.String("kind", "", "list: characters or teams only")
	limit := fs.Int("max-gear-value", 0, "add-team: the maximum gear value to check against (default: the rules' default maximum)")
	pos, err := parse(fs, args, rosterUsage+"\n\n"+rosterDoc, 1, 2)
	if err != nil {
		return err
	}
	sub := pos[0]
	need := func(n int, what string) error {
		if len(pos) != n {
			return usagef("roster %s takes %s (usage: ccctl %s)", sub, what, rosterUsage)
		}
		return nil
	}
	switch sub {
	case "list":
		if err := need(1, "no argument"); err != nil {
			return err
		}
		if *kind != "" && *kind != kindCharacters && *kind != kindTeams && *kind != kindCards {
			return usagef("--kind %q: use characters, teams or cards", *kind)
		}
		return c.withDB(func(db *store.DB) error { return c.rosterList(db, *kind) })
	case "show", "delete":
		if err := need(2, "a NAME"); err != nil {
			return err
		}
		return c.withDB(func(db *store.DB) error {
			e, err := rosterEntry(db, pos[1])
			if err != nil {
				return err
			}
			if sub == "delete" {
				k := landsofruin.RosterKindCharacter
				if e.Team != nil {
					k = landsofruin.RosterKindTeam
				}
				if e.Card != nil {
					k = ruunara.RosterKindCard
				}
				if err := db.DeleteRoster(k, e.Name); err != nil {
					return err
				}
				e.Deleted = true
			}
			return c.writeJSON(e)
		})
	case "add-character", "add-team", "add-card":
		if err := need(2, "a FILE"); err != nil {
			return err
		}
		b, err := c.readRosterFile(pos[1])
		if err != nil {
			return err
		}
		return c.withDB(func(db *store.DB) error {
			if sub == "add-character" {
				return c.rosterAddCharacters(db, b)
			}
			if sub == "add-card" {
				return c.rosterAddCards(db, b)
			}
			return c.rosterAddTeam(db, b, *limit)
		})
	}
	return usagef("unknown roster sub-command %q (usage: ccctl %s)", sub, rosterUsage)
}

// readRosterFile reads FILE ("-": stdin), at most maxRosterFile bytes.
func (c *cli) readRosterFile(path string) ([]byte, error) {
	var r io.Reader = c.stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxRosterFile+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if len(b) > maxRosterFile {
		return nil, usagef("%s is larger than %d bytes", path, maxRosterFile)
	}
	return b, nil
}

// strictJSON decodes one JSON value, refusing unknown fields and trailing
// data.
func strictJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}

// rosterChars reads every roster character.
func rosterChars(db *store.DB) ([]content.Character, error) {
	names, err := db.Rosters(landsofruin.RosterKindCharacter)
	if err != nil {
		return nil, err
	}
	out := make([]content.Character, 0, len(names))
	for _, n := range names {
		ch, err := rosterChar(db, n)
		if err != nil {
			return nil, err
		}
		out = append(out, ch)
	}
	return out, nil
}

func rosterChar(db *store.DB, name string) (content.Character, error) {
	var ch content.Character
	b, err := db.Roster(landsofruin.RosterKindCharacter, name)
	if err != nil {
		return ch, err
	}
	if err := console.Decode(b, &ch); err != nil {
		return ch, fmt.Errorf("roster character %q: %w", name, err)
	}
	return ch, nil
}

func rosterTeam(db *store.DB, name string) (landsofruin.CustomTeam, error) {
	var t landsofruin.CustomTeam
	b, err := db.Roster(landsofruin.RosterKindTeam, name)
	if err != nil {
		return t, err
	}
	if err := console.Decode(b, &t); err != nil {
		return t, fmt.Errorf("roster team %q: %w", name, err)
	}
	return t, nil
}

// rosterEntry finds NAME among the roster's characters and teams.
func rosterEntry(db *store.DB, name string) (rosterEntryOut, error) {
	ch, err := rosterChar(db, name)
	if err == nil {
		return rosterEntryOut{Name: name, Kind: "character", Character: &ch}, nil
	}
	if !errors.Is(err, store.ErrNoRoster) {
		return rosterEntryOut{}, err
	}
	t, err := rosterTeam(db, name)
	if err == nil {
		return rosterEntryOut{Name: name, Kind: "team", Team: &t}, nil
	}
	if !errors.Is(err, store.ErrNoRoster) {
		return rosterEntryOut{}, err
	}
	b, err := db.Roster(ruunara.RosterKindCard, name)
	if err == nil {
		return rosterEntryOut{Name: name, Kind: "card", Card: json.RawMessage(b)}, nil
	}
	if !errors.Is(err, store.ErrNoRoster) {
		return rosterEntryOut{}, err
	}
	return rosterEntryOut{}, &usageError{msg: fmt.Sprintf("no character, team or card %q in the roster (ccctl roster list)", name), err: console.ErrNotFound}
}

// exists reports whether kind holds name.
func exists(db *store.DB, kind, name string) (bool, error) {
	_, err := db.Roster(kind, name)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, store.ErrNoRoster):
		return false, nil
	}
	return false, err
}

func (c *cli) rosterList(db *store.DB, kind string) error {
	out := struct {
		Characters *[]rosterCharOut `json:"characters,omitempty"`
		Teams      *[]rosterTeamOut `json:"teams,omitempty"`
		Cards      *[]rosterCardOut `json:"cards,omitempty"`
	}{}
	if kind == "" || kind == kindCards {
		cards, err := rosterCards(db)
		if err != nil {
			return err
		}
		out.Cards = &cards
	}
	if kind != kindTeams && kind != kindCards {
		chars, err := rosterChars(db)
		if err != nil {
			return err
		}
		list := []rosterCharOut{}
		for _, ch := range chars {
			list = append(list, rosterCharOut{Name: ch.ID, Character: ch.Name, Tribe: ch.Tribe, Kind: ch.Kind, GearValue: ch.GearValue})
		}
		out.Characters = &list
	}
	if kind != kindCharacters && kind != kindCards {
		names, err := db.Rosters(landsofruin.RosterKindTeam)
		if err != nil {
			return err
		}
		list := []rosterTeamOut{}
		for _, n := range names {
			t, err := rosterTeam(db, n)
			if err != nil {
				return err
			}
			list = append(list, rosterTeamOut{Name: n, Team: t.Name, Tribe: t.Tribe, GearValue: t.GearValue, Models: t.Models})
		}
		out.Teams = &list
	}
	return c.writeJSON(out)
}

// rosterAddCharacters checks and stores one character or an array of them,
// checked together with the roster's other characters.
func (c *cli) rosterAddCharacters(db *store.DB, b []byte) error {
	var batch []content.Character
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '[' {
		if err := strictJSON(b, &batch); err != nil {
			return usagef("not a list of characters: %v", err)
		}
	} else {
		var one content.Character
		if err := strictJSON(b, &one); err != nil {
			return usagef("not a character: %v (want the JSON of a character, as in characters.json)", err)
		}
		batch = []content.Character{one}
	}
	if len(batch) == 0 {
		return usagef("no characters given")
	}
	d, err := content.DefaultData()
	if err != nil {
		return err
	}
	others, err := rosterChars(db)
	if err != nil {
		return err
	}
	mine := map[string]bool{}
	for _, ch := range batch {
		if err := landsofruin.CheckID("character", ch.ID); err != nil {
			return usagef("%v", err)
		}
		if mine[ch.ID] {
			return usagef("character %q is given twice", ch.ID)
		}
		mine[ch.ID] = true
		if _, ok := d.Content.Character(ch.ID); ok {
			return usagef("character id %q is a pre-made character's: give yours another id", ch.ID)
		}
		if isTeam, err := exists(db, landsofruin.RosterKindTeam, ch.ID); err != nil {
			return err
		} else if isTeam {
			return usagef("%q is the name of a team in the roster: give the character another id", ch.ID)
		}
	}
	// The batch first, then the roster's others, for the lookups of heroes
	// and cohorts.
	d.Custom = append([]content.Character(nil), batch...)
	for _, o := range others {
		if !mine[o.ID] {
			d.Custom = append(d.Custom, o)
		}
	}
	built := make([]content.Character, len(batch))
	var problems []string
	for i, ch := range batch {
		b, err := content.BuildCharacter(d, ch)
		if err != nil {
			problems = append(problems, oneLineAll(err))
			continue
		}
		built[i] = b
		d.Custom[i] = b
	}
	if len(problems) > 0 {
		return usagef("not added: %s", strings.Join(problems, "; "))
	}
	out := struct {
		Added []rosterEntryOut `json:"added"`
	}{}
	for i := range built {
		replaced, err := exists(db, landsofruin.RosterKindCharacter, built[i].ID)
		if err != nil {
			return err
		}
		enc, err := console.Encode(built[i])
		if err != nil {
			return err
		}
		if err := db.PutRoster(landsofruin.RosterKindCharacter, built[i].ID, enc); err != nil {
			return err
		}
		out.Added = append(out.Added, rosterEntryOut{Name: built[i].ID, Kind: "character", Character: &built[i], Replaced: replaced})
	}
	return c.writeJSON(out)
}

// oneLineAll puts a joined error on one line.
func oneLineAll(err error) string {
	return strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", "; ")
}

// rosterAddTeam checks a team and stores it with its own characters
// resolved from the roster.
func (c *cli) rosterAddTeam(db *store.DB, b []byte, limit int) error {
	t, err := landsofruin.ParseCustomTeam(string(b))
	if err != nil {
		return usagef("%v", err)
	}
	if err := landsofruin.CheckID("team", t.ID); err != nil {
		return usagef("%v", err)
	}
	if isChar, err := exists(db, landsofruin.RosterKindCharacter, t.ID); err != nil {
		return err
	} else if isChar {
		return usagef("%q is the id of a character in the roster: give the team another id", t.ID)
	}
	d, err := content.DefaultData()
	if err != nil {
		return err
	}
	if err := resolveTeam(db, d.Content, &t); err != nil {
		return err
	}
	checked, err := landsofruin.CheckCustomTeam(t, limit)
	if err != nil {
		return usagef("team %q not added: %v", t.ID, err)
	}
	replaced, err := exists(db, landsofruin.RosterKindTeam, t.ID)
	if err != nil {
		return err
	}
	enc, err := console.Encode(checked)
	if err != nil {
		return err
	}
	if err := db.PutRoster(landsofruin.RosterKindTeam, checked.ID, enc); err != nil {
		return err
	}
	return c.writeJSON(rosterEntryOut{Name: checked.ID, Kind: "team", Team: &checked, Replaced: replaced})
}

// resolveTeam adds to t.Characters the roster characters it needs: its
// members, and the heroes and cohorts they name, that are neither
// pre-made nor given in the file.
func resolveTeam(db *store.DB, c *content.Content, t *landsofruin.CustomTeam) error {
	have := map[string]bool{}
	for _, ch := range t.Characters {
		have[ch.ID] = true
	}
	var queue []string
	for _, m := range t.Members {
		queue = append(queue, m.Character)
	}
	for _, ch := range t.Characters {
		queue = append(queue, ch.Cohorts...)
		if ch.Hero != "" {
			queue = append(queue, ch.Hero)
		}
	}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if have[id] {
			continue
		}
		if _, ok := c.Character(id); ok {
			continue
		}
		ch, err := rosterChar(db, id)
		if errors.Is(err, store.ErrNoRoster) {
			return usagef("team %q: character %q is neither pre-made nor in the roster (ccctl roster list; add it with roster add-character)", t.ID, id)
		}
		if err != nil {
			return err
		}
		have[id] = true
		t.Characters = append(t.Characters, ch)
		queue = append(queue, ch.Cohorts...)
		if ch.Hero != "" {
			queue = append(queue, ch.Hero)
		}
	}
	return nil
}

// expandRosterTeam rewrites a Lands of Ruin choose-team roster=NAME into
// choose-team team-json=… from the roster of db, so the game receives (and
// records) the whole team. Other commands are left alone.
func expandRosterTeam(db *store.DB, system string, cmd *console.Command) error {
	raw, ok := cmd.Args["roster"]
	if !ok || system != landsofruin.ID || cmd.Name != landsofruin.CmdChooseTeam {
		return nil
	}
	if _, t := cmd.Args["team"]; t {
		return usagef("choose-team: give roster=NAME or team=ID, not both")
	}
	if _, t := cmd.Args["team-json"]; t {
		return usagef("choose-team: give roster=NAME or team-json=…, not both")
	}
	name := fmt.Sprint(raw)
	t, err := rosterTeam(db, name)
	if errors.Is(err, store.ErrNoRoster) {
		return &usageError{msg: fmt.Sprintf("no team %q in the roster (ccctl roster list --kind teams)", name), err: console.ErrNotFound}
	}
	if err != nil {
		return err
	}
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	args := make(map[string]any, len(cmd.Args))
	for k, v := range cmd.Args {
		if k != "roster" {
			args[k] = v
		}
	}
	args["team-json"] = string(b)
	cmd.Args = args
	return nil
}
