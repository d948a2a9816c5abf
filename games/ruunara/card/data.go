package card

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"

	"github.com/commandconsole/commandconsole/assets"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// The file names inside the assets/ruunara folder (§2).
const (
	RacesFile    = "races.json"
	UnitsFile    = "units.json"
	RulesFile    = "rules.json"
	MissionsFile = "missions.json"
)

// Data is the shipped Ruunara data, validated: the races, the partial
// cards the rulebook allows (RU-D9), every number of the rules, and the
// missions (only free play: no mission is in the text, RU-D50).
type Data struct {
	Races    []Race
	Cards    []Card
	Rules    Numbers
	Missions []Mission
	// RuleTable is rules.json as written, in file order, for help screens
	// (Invented rules are labelled "app rule").
	RuleTable []Rule
}

// Race is one playable race (§2.1, RU-F2). A null in the file is "" here.
type Race struct {
	ID     string `json:"id" msgpack:"id"`
	Name   string `json:"name" msgpack:"name"`
	People string `json:"people" msgpack:"people"`
	Style  string `json:"style,omitempty" msgpack:"style,omitempty"` // "" = the text gives none (Kangara)
	// RacialSkills has the two slots of l. 348 and Missions the three of
	// l. 100; "" = not in the text.
	RacialSkills []string `json:"racial_skills" msgpack:"racial_skills"`
	Missions     []string `json:"missions" msgpack:"missions"`
	Source       string   `json:"source" msgpack:"source"`
	Missing      []string `json:"missing,omitempty" msgpack:"missing,omitempty"`
}

// raceRecord is a races.json record, nulls as nil.
type raceRecord struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	People       string    `json:"people"`
	Style        *string   `json:"style"`
	RacialSkills []*string `json:"racial_skills"`
	Missions     []*string `json:"missions"`
	Source       string    `json:"source"`
	Missing      []string  `json:"missing"`
}

// Rule is one row of rules.json (§2.3): Value as written ("8", "move"),
// its Unit ("in", "in/turn", "turns", "die score", "hit points", "count",
// "d6", "card"), a Note, the Source, and whether the app invented it
// (shown as "app rule").
type Rule struct {
	Key      string `json:"key"`
	Value    string `json:"value"`
	Unit     string `json:"unit"`
	Note     string `json:"note,omitempty"`
	Source   string `json:"source"`
	Invented bool   `json:"invented,omitempty"`
}

// ruleRecord is a rules.json record: value is a number or a string.
type ruleRecord struct {
	Key      string          `json:"key"`
	Value    json.RawMessage `json:"value"`
	Unit     string          `json:"unit"`
	Note     string          `json:"note"`
	Source   string          `json:"source"`
	Invented bool            `json:"invented"`
}

// Numbers is every number of the rules (§2.3), typed: distances and rates
// in ticks (RU-D1), counts as ints. Rates are per turn, that is per round
// (RU-D8). A rate of 0 (CardMove) means "the unit's card movement".
type Numbers struct {
	EngageRange             rn.Ticks // engage_range, 1" (l. 259)
	FreeTerrainHeight       rn.Ticks // free_terrain_height, 1" (l. 208, 209)
	NoiseRange              rn.Ticks // noise_range, 8" (l. 246)
	NoiseRate               rn.Ticks // noise_rate, 2" per turn (l. 246)
	NoiseReturnRate         rn.Ticks // noise_return_rate, 2" per turn (l. 250)
	GroupRange              rn.Ticks // group_range, 4" (l. 270)
	InstantDeathVisionBonus rn.Ticks // instant_death_vision_bonus, 4" (l. 273)
	InstantDeathTurns       int      // instant_death_turns, 1 (l. 273)
	PursuitRate             rn.Ticks // pursuit_rate, 5" per turn (l. 309)
	PursuitTurns            int      // pursuit_turns, 2 (l. 309)
	PursuitReturnRate       rn.Ticks // pursuit_return_rate, 5" per turn (l. 309)
	ShootingRangeMin        rn.Ticks // shooting_range_min, 6" (l. 263, RU-D18)
	ShootingRangeMax        rn.Ticks // shooting_range_max, 12" (l. 263, RU-D18)
	CoverSave               int      // cover_save, 3+ (l. 265)
	CaptureEngagedTurns     int      // capture_engaged_turns, 4: captured after more than this (l. 297, RU-D25)
	CaptivityFullTurns      int      // captivity_full_turns, 3 (l. 302, 327, 332, RU-D26)
	FreedHP                 int      // freed_hp_after_ranged, 6 (l. 328)
	TokensPerHero           int      // tokens_per_hero, 4 (l. 126, 379)
	SkillsPerRace           int      // skills_per_race, 2 (l. 348)
	SkillsPerUnit           int      // skills_per_unit, 2 (l. 381)
	MissionsPerRace         int      // missions_per_race, 3 (l. 100)
	MinDice                 int      // min_dice, 4 (l. 150)
	DieSides                int      // die_sides, 6 (l. 150)
	RallyRate               rn.Ticks // rally_rate, CardMove (RU-D39, invented)
	EngageRate              rn.Ticks // engage_rate, CardMove (l. 251, RU-D43)
	RallyHoldTurns          int      // rally_hold_turns, 1 (RU-D39, invented)
	LostSightReturnRate     rn.Ticks // lost_sight_return_rate, 2" per turn (RU-D43, invented)
	GuardReturnRate         rn.Ticks // guard_return_rate, 2" per turn (RU-D27, invented)
}

// CardMove is the rate value meaning "the unit's card movement" (rules.json
// value "move", unit "card").
const CardMove rn.Ticks = 0

// Mission is one mission (§2.4, RU-D50). Free play is the only mission
// shipped: the story missions are not in the text (RU-F7).
type Mission struct {
	ID   string `json:"id" msgpack:"id"`
	Name string `json:"name" msgpack:"name"`
	Mode string `json:"mode" msgpack:"mode"` // free or story
	// Race is the race of a story mission's heroes (l. 100); "" (null) in
	// free play.
	Race         string      `json:"race" msgpack:"race"`
	Heroes       HeroLimits  `json:"heroes" msgpack:"heroes"`
	Enemies      []Force     `json:"enemies" msgpack:"enemies"`
	Neutrals     []Force     `json:"neutrals" msgpack:"neutrals"`
	Objectives   []Objective `json:"objectives" msgpack:"objectives"`
	Defeat       []Objective `json:"defeat" msgpack:"defeat"`
	Rounds       int         `json:"rounds" msgpack:"rounds"` // for round-limit; 0 (null) = none
	SpecialRules string      `json:"special_rules" msgpack:"special_rules"`
	Source       string      `json:"source" msgpack:"source"`
}

// HeroLimits is a mission's team size; nil = no limit (RU-D16).
type HeroLimits struct {
	Min *int `json:"min" msgpack:"min"`
	Max *int `json:"max" msgpack:"max"`
}

// Force is a number of units of one card a mission deploys.
type Force struct {
	Card  string `json:"card" msgpack:"card"`
	Count int    `json:"count" msgpack:"count"`
}

// Objective is a victory or defeat condition; Auto names a condition the
// engine checks itself (no-enemies, no-free-hero, round-limit), "" one the
// players claim (RU-D50).
type Objective struct {
	ID   string `json:"id" msgpack:"id"`
	Text string `json:"text" msgpack:"text"`
	Auto string `json:"auto,omitempty" msgpack:"auto,omitempty"`
}

// The mission modes (l. 97–100).
const (
	ModeFree  = "free"
	ModeStory = "story"
)

// The conditions the engine checks itself (§2.4).
const (
	AutoNoEnemies  = "no-enemies"
	AutoNoFreeHero = "no-free-hero"
	AutoRoundLimit = "round-limit"
)

// maxFileSize bounds each file Load reads.
const maxFileSize = 4 << 20

// Load reads and validates the data shipped in assets.Ruunara.
func Load() (Data, error) {
	sub, err := fs.Sub(assets.Ruunara, "ruunara")
	if err != nil {
		return Data{}, fmt.Errorf("ruunara data: %w", err)
	}
	return LoadFS(sub)
}

// LoadFS reads and validates the four data files from fsys. Each error
// names the file, the record and the field.
func LoadFS(fsys fs.FS) (Data, error) {
	var d Data
	b, err := readFile(fsys, RacesFile)
	if err != nil {
		return Data{}, err
	}
	if d.Races, err = decodeRaces(b); err != nil {
		return Data{}, fmt.Errorf("%s: %w", RacesFile, err)
	}
	if b, err = readFile(fsys, UnitsFile); err != nil {
		return Data{}, err
	}
	if d.Cards, err = DecodeRecords(b); err != nil {
		return Data{}, fmt.Errorf("%s: %w", UnitsFile, err)
	}
	for i, c := range d.Cards {
		if c.Custom {
			return Data{}, fmt.Errorf("%s: record %d (%s): custom: shipped cards are not players' cards", UnitsFile, i+1, c.ID)
		}
	}
	if b, err = readFile(fsys, RulesFile); err != nil {
		return Data{}, err
	}
	if d.Rules, d.RuleTable, err = decodeRules(b); err != nil {
		return Data{}, fmt.Errorf("%s: %w", RulesFile, err)
	}
	if b, err = readFile(fsys, MissionsFile); err != nil {
		return Data{}, err
	}
	if d.Missions, err = decodeMissions(b, d.Cards); err != nil {
		return Data{}, fmt.Errorf("%s: %w", MissionsFile, err)
	}
	return d, nil
}

// readFile reads one file, bounded.
func readFile(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("ruunara data: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > maxFileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, maxFileSize)
	}
	return b, nil
}

// decodeRaces reads races.json: exactly the three races of RU-F2, in
// order, each with two racial skill slots and three mission slots.
func decodeRaces(b []byte) ([]Race, error) {
	var recs []raceRecord
	if err := strict(bytes.TrimSpace(b), &recs); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(recs))
	races := make([]Race, 0, len(recs))
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	for i, r := range recs {
		w := fmt.Sprintf("record %d (%s)", i+1, r.ID)
		if r.Name == "" || r.People == "" || r.Source == "" {
			return nil, fmt.Errorf("%s: name, people and source are required", w)
		}
		if r.Style != nil && *r.Style == "" {
			return nil, fmt.Errorf("%s: style: empty (write null)", w)
		}
		if len(r.RacialSkills) != 2 {
			return nil, fmt.Errorf("%s: racial_skills: need 2 slots (l. 348), got %d", w, len(r.RacialSkills))
		}
		if len(r.Missions) != 3 {
			return nil, fmt.Errorf("%s: missions: need 3 slots (l. 100), got %d", w, len(r.Missions))
		}
		race := Race{ID: r.ID, Name: r.Name, People: r.People, Style: str(r.Style), Source: r.Source, Missing: r.Missing}
		for _, s := range r.RacialSkills {
			race.RacialSkills = append(race.RacialSkills, str(s))
		}
		for _, s := range r.Missions {
			race.Missions = append(race.Missions, str(s))
		}
		ids = append(ids, r.ID)
		races = append(races, race)
	}
	if !slices.Equal(ids, Races) {
		return nil, fmt.Errorf("ids: need ardann, kangara, sanbari in that order (RU-F2), got %v", ids)
	}
	return races, nil
}

// ruleKind is how a rules.json value is read.
type ruleKind int

const (
	kDistance ruleKind = iota // unit "in"
	kRate                     // unit "in/turn"
	kCardRate                 // unit "in/turn", or unit "card" with value "move"
	kInt                      // a whole number ≥ 1 in the unit given
)

// ruleSpec is one key of §2.3: its kind, unit and the Numbers field it
// fills (t for distances and rates, i for whole numbers).
type ruleSpec struct {
	key  string
	kind ruleKind
	unit string
	t    *rn.Ticks
	i    *int
}

// ruleSpecs are the keys of §2.3 with their kind, unit and field, in the
// order of the spec's table.
func ruleSpecs(n *Numbers) []ruleSpec {
	return []ruleSpec{
		{"engage_range", kDistance, "in", &n.EngageRange, nil},
		{"free_terrain_height", kDistance, "in", &n.FreeTerrainHeight, nil},
		{"noise_range", kDistance, "in", &n.NoiseRange, nil},
		{"noise_rate", kRate, "in/turn", &n.NoiseRate, nil},
		{"noise_return_rate", kRate, "in/turn", &n.NoiseReturnRate, nil},
		{"group_range", kDistance, "in", &n.GroupRange, nil},
		{"instant_death_vision_bonus", kDistance, "in", &n.InstantDeathVisionBonus, nil},
		{"instant_death_turns", kInt, "turns", nil, &n.InstantDeathTurns},
		{"pursuit_rate", kRate, "in/turn", &n.PursuitRate, nil},
		{"pursuit_turns", kInt, "turns", nil, &n.PursuitTurns},
		{"pursuit_return_rate", kRate, "in/turn", &n.PursuitReturnRate, nil},
		{"shooting_range_min", kDistance, "in", &n.ShootingRangeMin, nil},
		{"shooting_range_max", kDistance, "in", &n.ShootingRangeMax, nil},
		{"cover_save", kInt, "die score", nil, &n.CoverSave},
		{"capture_engaged_turns", kInt, "turns", nil, &n.CaptureEngagedTurns},
		{"captivity_full_turns", kInt, "turns", nil, &n.CaptivityFullTurns},
		{"freed_hp_after_ranged", kInt, "hit points", nil, &n.FreedHP},
		{"tokens_per_hero", kInt, "count", nil, &n.TokensPerHero},
		{"skills_per_race", kInt, "count", nil, &n.SkillsPerRace},
		{"skills_per_unit", kInt, "count", nil, &n.SkillsPerUnit},
		{"missions_per_race", kInt, "count", nil, &n.MissionsPerRace},
		{"min_dice", kInt, "d6", nil, &n.MinDice},
		{"die_sides", kInt, "count", nil, &n.DieSides},
		{"rally_rate", kCardRate, "in/turn", &n.RallyRate, nil},
		{"engage_rate", kCardRate, "in/turn", &n.EngageRate, nil},
		{"rally_hold_turns", kInt, "turns", nil, &n.RallyHoldTurns},
		{"lost_sight_return_rate", kRate, "in/turn", &n.LostSightReturnRate, nil},
		{"guard_return_rate", kRate, "in/turn", &n.GuardReturnRate, nil},
	}
}

// RuleKeys are the keys rules.json must hold, each once (§2.3).
func RuleKeys() []string {
	var n Numbers
	var keys []string
	for _, s := range ruleSpecs(&n) {
		keys = append(keys, s.key)
	}
	return keys
}

// decodeRules reads rules.json: every key of §2.3 exactly once, with the
// unit its kind needs.
func decodeRules(b []byte) (Numbers, []Rule, error) {
	var recs []ruleRecord
	if err := strict(bytes.TrimSpace(b), &recs); err != nil {
		return Numbers{}, nil, err
	}
	var n Numbers
	specs := ruleSpecs(&n)
	seen := map[string]bool{}
	table := make([]Rule, 0, len(recs))
	for i, r := range recs {
		w := fmt.Sprintf("record %d (%s)", i+1, r.Key)
		j := slices.IndexFunc(specs, func(s ruleSpec) bool { return s.key == r.Key })
		if j < 0 {
			return Numbers{}, nil, fmt.Errorf("%s: key: unknown (known: %v)", w, RuleKeys())
		}
		if seen[r.Key] {
			return Numbers{}, nil, fmt.Errorf("%s: key: duplicate", w)
		}
		seen[r.Key] = true
		if r.Source == "" {
			return Numbers{}, nil, fmt.Errorf("%s: source: required", w)
		}
		s := specs[j]
		var text string
		isString := len(r.Value) > 0 && r.Value[0] == '"'
		if isString {
			if err := json.Unmarshal(r.Value, &text); err != nil {
				return Numbers{}, nil, fmt.Errorf("%s: value: %w", w, err)
			}
		} else {
			var num json.Number
			if err := json.Unmarshal(r.Value, &num); err != nil {
				return Numbers{}, nil, fmt.Errorf("%s: value: must be a number or \"move\"", w)
			}
			text = num.String()
		}
		switch {
		case s.kind == kCardRate && r.Unit == "card":
			if !isString || text != "move" {
				return Numbers{}, nil, fmt.Errorf("%s: value: with unit card the value is \"move\" (got %s)", w, text)
			}
			*s.t = CardMove
		case r.Unit != s.unit:
			want := s.unit
			if s.kind == kCardRate {
				want += " or card"
			}
			return Numbers{}, nil, fmt.Errorf("%s: unit: must be %s (got %q)", w, want, r.Unit)
		case isString:
			return Numbers{}, nil, fmt.Errorf("%s: value: must be a number (got %q)", w, text)
		case s.kind == kInt:
			v, err := strconv.Atoi(text)
			if err != nil || v < 1 || v > 1000 {
				return Numbers{}, nil, fmt.Errorf("%s: value: must be a whole number 1–1000 (got %s)", w, text)
			}
			*s.i = v
		default:
			t, err := positiveDistance(text, rn.Inches)
			if err != nil {
				return Numbers{}, nil, fmt.Errorf("%s: value: %w", w, err)
			}
			*s.t = t
		}
		table = append(table, Rule{Key: r.Key, Value: text, Unit: r.Unit, Note: r.Note, Source: r.Source, Invented: r.Invented})
	}
	for _, s := range specs {
		if !seen[s.key] {
			return Numbers{}, nil, fmt.Errorf("key %s: missing", s.key)
		}
	}
	if n.ShootingRangeMin > n.ShootingRangeMax {
		return Numbers{}, nil, fmt.Errorf("shooting_range_min: more than shooting_range_max")
	}
	if n.CoverSave > 6 {
		return Numbers{}, nil, fmt.Errorf("cover_save: must be 1–6 (got %d)", n.CoverSave)
	}
	return n, table, nil
}

// decodeMissions reads missions.json and checks each mission against the
// cards: enemies are enemy cards, neutrals neutral cards.
func decodeMissions(b []byte, cards []Card) ([]Mission, error) {
	var ms []Mission
	if err := strict(bytes.TrimSpace(b), &ms); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for i, m := range ms {
		w := fmt.Sprintf("record %d (%s)", i+1, m.ID)
		if err := checkID(m.ID); err != nil {
			return nil, fmt.Errorf("%s: id: %w", w, err)
		}
		if seen[m.ID] {
			return nil, fmt.Errorf("%s: id: duplicate", w)
		}
		seen[m.ID] = true
		if err := m.validate(cards); err != nil {
			return nil, fmt.Errorf("%s: %w", w, err)
		}
	}
	return ms, nil
}

// validate checks one mission (§2.4).
func (m Mission) validate(cards []Card) error {
	if m.Name == "" {
		return fmt.Errorf("name: is required")
	}
	switch m.Mode {
	case ModeFree:
		if m.Race != "" {
			return fmt.Errorf("race: a free play mission has no race (null)")
		}
	case ModeStory:
		if err := checkRace(m.Race); err != nil {
			return fmt.Errorf("race: a story mission names its race (l. 100): %w", err)
		}
	default:
		return fmt.Errorf("mode: must be free or story (got %q)", m.Mode)
	}
	if p := m.Heroes.Min; p != nil && *p < 1 {
		return fmt.Errorf("heroes: min must be at least 1 (got %d)", *p)
	}
	if p := m.Heroes.Max; p != nil && (*p < 1 || (m.Heroes.Min != nil && *p < *m.Heroes.Min)) {
		return fmt.Errorf("heroes: max must be at least 1 and at least min (got %d)", *p)
	}
	for _, f := range []struct {
		field, faction string
		forces         []Force
	}{{"enemies", Enemy, m.Enemies}, {"neutrals", Neutral, m.Neutrals}} {
		for j, u := range f.forces {
			i := slices.IndexFunc(cards, func(c Card) bool { return c.ID == u.Card })
			if i < 0 {
				return fmt.Errorf("%s: %d: card: no card named %s", f.field, j+1, u.Card)
			}
			if cards[i].Faction != f.faction {
				return fmt.Errorf("%s: %d: card: %s is %s card", f.field, j+1, cards[i].Name, factionNoun(cards[i].Faction))
			}
			if u.Count < 1 || u.Count > 100 {
				return fmt.Errorf("%s: %d: count: must be 1–100 (got %d)", f.field, j+1, u.Count)
			}
		}
	}
	if len(m.Objectives) == 0 {
		return fmt.Errorf("objectives: at least one")
	}
	if m.Rounds < 0 {
		return fmt.Errorf("rounds: must be null or at least 1 (got %d)", m.Rounds)
	}
	ids := map[string]bool{}
	for _, o := range []struct {
		field string
		list  []Objective
	}{{"objectives", m.Objectives}, {"defeat", m.Defeat}} {
		for j, x := range o.list {
			if err := checkID(x.ID); err != nil {
				return fmt.Errorf("%s: %d: id: %w", o.field, j+1, err)
			}
			if ids[x.ID] {
				return fmt.Errorf("%s: %d (%s): id: duplicate", o.field, j+1, x.ID)
			}
			ids[x.ID] = true
			if x.Text == "" {
				return fmt.Errorf("%s: %d (%s): text: is required", o.field, j+1, x.ID)
			}
			switch x.Auto {
			case "", AutoNoEnemies, AutoNoFreeHero:
			case AutoRoundLimit:
				if m.Rounds < 1 {
					return fmt.Errorf("%s: %d (%s): auto: round-limit needs rounds", o.field, j+1, x.ID)
				}
			default:
				return fmt.Errorf("%s: %d (%s): auto: must be no-enemies, no-free-hero, round-limit or empty (got %q)", o.field, j+1, x.ID, x.Auto)
			}
		}
	}
	return nil
}

// Card returns the shipped card with the given id.
func (d Data) Card(id string) (Card, bool) {
	i := slices.IndexFunc(d.Cards, func(c Card) bool { return c.ID == id })
	if i < 0 {
		return Card{}, false
	}
	return d.Cards[i], true
}

// Race returns the race with the given id.
func (d Data) Race(id string) (Race, bool) {
	i := slices.IndexFunc(d.Races, func(r Race) bool { return r.ID == id })
	if i < 0 {
		return Race{}, false
	}
	return d.Races[i], true
}

// Mission returns the mission with the given id.
func (d Data) Mission(id string) (Mission, bool) {
	i := slices.IndexFunc(d.Missions, func(m Mission) bool { return m.ID == id })
	if i < 0 {
		return Mission{}, false
	}
	return d.Missions[i], true
}
