// Package content holds the Lands of Ruin world content Command Console
// ships as data: the two tribes and their traits, the pre-made characters
// (heroes, their cohorts and cohort-unlocked abilities) and teams, the
// Rotter kinds, and the maps made of named polygon sections. It loads the
// JSON files of assets/landsofruin, validates them (each error names the
// file, the item and the field), offers integer geometry on the map
// sections (tenths of an inch) and the team builder that checks a team
// against gear value, weight, skill and cohort rules.
//
// Weapons, armour, skills and the other rules tables are not here: they
// belong to games/landsofruin/rules. This package refers to them by their
// string ids and reads what it needs through the Catalog interface.
package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/commandconsole/commandconsole/assets"
)

// The file names inside the content folder.
const (
	TribesFile     = "tribes.json"
	CharactersFile = "characters.json"
	RottersFile    = "rotters.json"
	MapsFile       = "maps.json"
)

// maxFileSize bounds each file Load reads, so a hostile folder cannot
// exhaust memory.
const maxFileSize = 4 << 20

// Content is every piece of content, validated.
type Content struct {
	Tribes      []Tribe        `json:"tribes"`
	CohortKinds []CohortKind   `json:"cohort_kinds"`
	TeamRules   TeamRules      `json:"team_rules"`
	Characters  []Character    `json:"characters"`
	Teams       []Team         `json:"teams"`
	Rotters     []RotterKind   `json:"rotters"`
	RotterRules RotterRules    `json:"rotter_rules"`
	Maps        []Map          `json:"maps"`
	byID        map[string]int // "kind:id" → index in its slice
}

// TribesDoc is the shape of tribes.json.
type TribesDoc struct {
	Tribes      []Tribe      `json:"tribes"`
	CohortKinds []CohortKind `json:"cohort_kinds"`
	TeamRules   TeamRules    `json:"team_rules"`
}

// CharactersDoc is the shape of characters.json.
type CharactersDoc struct {
	Characters []Character `json:"characters"`
	Teams      []Team      `json:"teams"`
}

// RottersDoc is the shape of rotters.json.
type RottersDoc struct {
	Rules   RotterRules  `json:"rules"`
	Rotters []RotterKind `json:"rotters"`
}

// MapsDoc is the shape of maps.json.
type MapsDoc struct {
	Maps []Map `json:"maps"`
}

// Tribe is one of the tribes a team belongs to, with its rules-relevant
// traits as data.
type Tribe struct {
	ID          string   `json:"id" msgpack:"id"`
	Name        string   `json:"name" msgpack:"name"`
	Description string   `json:"description" msgpack:"description"`
	CohortKinds []string `json:"cohort_kinds" msgpack:"cohort_kinds"` // the cohort kinds its heroes may lead
	// ExclusiveGear and ExclusiveSkills may be taken only by this tribe's
	// characters.
	ExclusiveGear   []string `json:"exclusive_gear" msgpack:"exclusive_gear"`
	ExclusiveSkills []string `json:"exclusive_skills" msgpack:"exclusive_skills"`
	Traits          []Trait  `json:"traits" msgpack:"traits"`
}

// Trait is a plain, flavour-free statement of something a tribe does
// differently, with the ids it concerns.
type Trait struct {
	ID   string   `json:"id" msgpack:"id"`
	Text string   `json:"text" msgpack:"text"`
	Refs []string `json:"refs,omitempty" msgpack:"refs,omitempty"` // gear, skill or cohort-kind ids
}

// Cohort kinds.
const (
	KindHero         = "hero"
	KindIndependent  = "independent"
	KindCloseSupport = "close-support"
	KindSlave        = "slave"
)

// CohortKind is the rule set of one kind of cohort.
type CohortKind struct {
	ID         string `json:"id" msgpack:"id"` // independent, close-support, slave
	Name       string `json:"name" msgpack:"name"`
	Text       string `json:"text" msgpack:"text"`
	MinMembers int    `json:"min_members" msgpack:"min_members"` // when taken
	MaxMembers int    `json:"max_members" msgpack:"max_members"`
	MaxPerHero int    `json:"max_per_hero" msgpack:"max_per_hero"` // 0 = no limit
	// HeroSkill, when set, is a skill id the leading hero must have.
	HeroSkill string `json:"hero_skill,omitempty" msgpack:"hero_skill,omitempty"`
	// OwnActions: the cohort assigns its own actions; otherwise the hero's
	// applicable actions are copied (close support) or it has none (slave).
	OwnActions bool `json:"own_actions" msgpack:"own_actions"`
	// Movement: "own" (its own allowance), "hero" (the hero's allowance),
	// "with-hero" (kept in base contact with the hero).
	Movement string `json:"movement" msgpack:"movement"`
	// CoherencyTenths is the distance each model must keep to another model
	// of the cohort (or the hero, when HeroCounts); 0 = base contact.
	CoherencyTenths int  `json:"coherency" msgpack:"coherency"`
	HeroCounts      bool `json:"hero_counts_for_coherency" msgpack:"hero_counts_for_coherency"`
	// ActsWhenHeroDown: whether the cohort may still attack when its hero is
	// pinned, unconscious or dead.
	ActsWhenHeroDown bool `json:"acts_when_hero_down" msgpack:"acts_when_hero_down"`
	// ImmuneToSuppression: slaves ignore suppression.
	ImmuneToSuppression bool `json:"immune_to_suppression" msgpack:"immune_to_suppression"`
	// HitOnHeroToCohortPct is the percentage chance a hit on the hero is
	// taken by a member of this cohort instead.
	HitOnHeroToCohortPct int `json:"hit_on_hero_to_cohort_pct" msgpack:"hit_on_hero_to_cohort_pct"`
}

// TeamRules are the limits on a team as a whole.
type TeamRules struct {
	MinModels int `json:"min_models"` // characters on the table, each cohort member counted
	MaxModels int `json:"max_models"`
	// DefaultMaxGearValue applies when a scenario role gives none.
	DefaultMaxGearValue int `json:"default_max_gear_value"`
	// MaxLoadGrams is the carried weight a character may not exceed.
	MaxLoadGrams int `json:"max_load_grams"`
	// RootSkill is the skill every character has from its type (implicit,
	// not listed, not counted in gear value).
	RootSkill string `json:"root_skill"`
}

// Character is a hero or a cohort, pre-made or built by a player. Stats
// are per model: a cohort's gear, gear value and weight are per member.
type Character struct {
	ID    string `json:"id" msgpack:"id"`
	Name  string `json:"name" msgpack:"name"`
	Tribe string `json:"tribe" msgpack:"tribe"`
	Type  string `json:"type" msgpack:"type"` // character type id, "human"
	Kind  string `json:"kind" msgpack:"kind"` // hero or a cohort kind
	// Hero is the leading hero of a cohort; empty for heroes.
	Hero string `json:"hero,omitempty" msgpack:"hero,omitempty"`
	// Cohorts lists the cohorts a hero may bring, by character id.
	Cohorts    []string   `json:"cohorts,omitempty" msgpack:"cohorts,omitempty"`
	Skills     []string   `json:"skills" msgpack:"skills"` // a skill id once per copy
	Gear       []GearItem `json:"gear" msgpack:"gear"`
	Leadership int        `json:"leadership" msgpack:"leadership"`
	Camouflage int        `json:"camouflage" msgpack:"camouflage"`
	Detection  int        `json:"detection" msgpack:"detection"`
	// GearValue is the value of one model (a hero, or one cohort member).
	GearValue int       `json:"gear_value" msgpack:"gear_value"`
	Abilities []Ability `json:"abilities,omitempty" msgpack:"abilities,omitempty"`
	Notes     string    `json:"notes,omitempty" msgpack:"notes,omitempty"`
}

// GearItem is one piece of gear a character carries, by the rules id.
type GearItem struct {
	ID string `json:"id" msgpack:"id"`
	// Count of this item (consumables, several knives); 0 means 1.
	Count int `json:"count,omitempty" msgpack:"count,omitempty"`
	// Clips of ammunition (or fuel cans, belts) carried for a weapon.
	Clips int `json:"clips,omitempty" msgpack:"clips,omitempty"`
	// On names the weapon an accessory is fitted to.
	On string `json:"on,omitempty" msgpack:"on,omitempty"`
}

// N is the item count, at least 1.
func (g GearItem) N() int { return max(g.Count, 1) }

// Ability is a special action a hero has, often unlocked by a cohort. The
// rules tables hold the numbers (the skill, its action and its AP cost, the
// weapon's statline); the ability says what unlocks it and how often.
type Ability struct {
	ID   string `json:"id" msgpack:"id"`
	Name string `json:"name" msgpack:"name"`
	Text string `json:"text" msgpack:"text"`
	// Skill, Action and Weapon are the rules ids the ability uses: the
	// skill the character must have, the action it enables, the weapon it
	// fires (carried by the character).
	Skill  string `json:"skill,omitempty" msgpack:"skill,omitempty"`
	Action string `json:"action,omitempty" msgpack:"action,omitempty"`
	Weapon string `json:"weapon,omitempty" msgpack:"weapon,omitempty"`
	// RequiresCohort: the ability is usable only while this cohort (a
	// character id among the hero's cohorts) has a living member.
	RequiresCohort string `json:"requires_cohort,omitempty" msgpack:"requires_cohort,omitempty"`
	UsesPerGame    int    `json:"uses_per_game" msgpack:"uses_per_game"` // 0 = unlimited
	// IgnoresSuppression: suppression does not reduce the movement or
	// attacks of this action.
	IgnoresSuppression bool `json:"ignores_suppression,omitempty" msgpack:"ignores_suppression,omitempty"`
	// IgnoresDifficultTerrain: obstacles do not halve movement.
	IgnoresDifficultTerrain bool `json:"ignores_difficult_terrain,omitempty" msgpack:"ignores_difficult_terrain,omitempty"`
	// EndsInCloseCombat: the move must end in base contact and a close
	// combat attack follows.
	EndsInCloseCombat bool `json:"ends_in_close_combat,omitempty" msgpack:"ends_in_close_combat,omitempty"`
}

// Team is a named selection of characters of one tribe. Pre-made teams
// are in characters.json; players' teams live in their roster.
type Team struct {
	ID      string   `json:"id" msgpack:"id"`
	Name    string   `json:"name" msgpack:"name"`
	Tribe   string   `json:"tribe" msgpack:"tribe"`
	Members []Member `json:"members" msgpack:"members"`
	// GearValue and Models are totals filled in by BuildTeam (informative;
	// Validate recomputes them).
	GearValue int `json:"gear_value,omitempty" msgpack:"gear_value,omitempty"`
	Models    int `json:"models,omitempty" msgpack:"models,omitempty"`
}

// Member is one character of a team; for a cohort, how many members come.
type Member struct {
	Character string `json:"character" msgpack:"character"`
	Count     int    `json:"count,omitempty" msgpack:"count,omitempty"` // cohort members; heroes 0 or 1
}

// RotterRules are the numbers shared by every Rotter kind.
type RotterRules struct {
	AggroRangeTenths      int `json:"aggro_range"`       // heads for the nearest character within this
	SpawnExclusionTenths  int `json:"spawn_exclusion"`   // no spawn this close to a character
	AttackTargetNumber    int `json:"attack_target"`     // d20 ≥ this + target's defence vs Rotters hits
	LurkerChancePct       int `json:"lurker_chance_pct"` // each pre-game Rotter is a lurker
	LurkerAttackChancePct int `json:"lurker_attack_chance_pct"`
	LurkerCamouflage      int `json:"lurker_camouflage"`
}

// RotterKind is one kind of Rotter: normal, fast or fat.
type RotterKind struct {
	ID              string `json:"id"` // normal, fast, fat
	Name            string `json:"name"`
	MoveTenths      int    `json:"move"` // per Environment phase
	Power           int    `json:"power"`
	HitSuppression  int    `json:"hit_suppression"`
	MissSuppression int    `json:"miss_suppression"`
	// DefenceAsTarget is added to the to-hit number of attacks against it.
	DefenceAsTarget int    `json:"defence_as_target"`
	Noise           int    `json:"noise"`
	Text            string `json:"text"`
}

// Default returns the content shipped in assets.LandsOfRuin.
func Default() (*Content, error) {
	sub, err := fs.Sub(assets.LandsOfRuin, "landsofruin")
	if err != nil {
		return nil, fmt.Errorf("landsofruin content: %w", err)
	}
	return Load(sub)
}

// Load reads and validates the four content files from fsys. Structural
// errors (bad JSON, duplicate ids, broken references between the files,
// bad polygons and maps) fail the load; gear and skill ids are checked
// separately against the rules tables with CheckCatalog.
func Load(fsys fs.FS) (*Content, error) {
	var (
		td TribesDoc
		cd CharactersDoc
		rd RottersDoc
		md MapsDoc
	)
	for _, f := range []struct {
		name string
		v    any
	}{{TribesFile, &td}, {CharactersFile, &cd}, {RottersFile, &rd}, {MapsFile, &md}} {
		if err := readJSON(fsys, f.name, f.v); err != nil {
			return nil, err
		}
	}
	c := &Content{
		Tribes: td.Tribes, CohortKinds: td.CohortKinds, TeamRules: td.TeamRules,
		Characters: cd.Characters, Teams: cd.Teams,
		Rotters: rd.Rotters, RotterRules: rd.Rules,
		Maps: md.Maps,
	}
	if err := c.validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// readJSON decodes one file strictly: unknown fields and trailing data are
// errors.
func readJSON(fsys fs.FS, name string, v any) error {
	f, err := fsys.Open(name)
	if err != nil {
		return fmt.Errorf("landsofruin content: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > maxFileSize {
		return fmt.Errorf("%s: larger than %d bytes", name, maxFileSize)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if dec.More() {
		return fmt.Errorf("%s: data after the JSON value", name)
	}
	return nil
}

// Tribe returns the tribe with the given id.
func (c *Content) Tribe(id string) (*Tribe, bool) {
	i, ok := c.byID["tribe:"+id]
	if !ok {
		return nil, false
	}
	return &c.Tribes[i], true
}

// CohortKind returns the rules of a cohort kind.
func (c *Content) CohortKind(id string) (*CohortKind, bool) {
	i, ok := c.byID["cohort-kind:"+id]
	if !ok {
		return nil, false
	}
	return &c.CohortKinds[i], true
}

// Character returns the pre-made character with the given id.
func (c *Content) Character(id string) (*Character, bool) {
	i, ok := c.byID["character:"+id]
	if !ok {
		return nil, false
	}
	return &c.Characters[i], true
}

// Team returns the pre-made team with the given id.
func (c *Content) Team(id string) (*Team, bool) {
	i, ok := c.byID["team:"+id]
	if !ok {
		return nil, false
	}
	return &c.Teams[i], true
}

// Rotter returns the Rotter kind with the given id (normal, fast, fat).
func (c *Content) Rotter(id string) (*RotterKind, bool) {
	i, ok := c.byID["rotter:"+id]
	if !ok {
		return nil, false
	}
	return &c.Rotters[i], true
}

// Map returns the map with the given id.
func (c *Content) Map(id string) (*Map, bool) {
	i, ok := c.byID["map:"+id]
	if !ok {
		return nil, false
	}
	return &c.Maps[i], true
}

// errList collects validation errors.
type errList []error

func (e *errList) add(format string, args ...any) { *e = append(*e, fmt.Errorf(format, args...)) }
func (e errList) err() error                      { return errors.Join(e...) }
