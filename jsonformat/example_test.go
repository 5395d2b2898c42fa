package jsonformat_test

import (
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/urlgrammar/urlgrammar/jsonformat"
)

// Check says why a string is not of its format.
func ExampleCheck() {
	fmt.Println(jsonformat.Check("uri-reference", "a:[bracket]"))
	fmt.Println(jsonformat.Check("iri", "http://résumé.example.org/"))
	// Output:
	// rfc3986:1:3: unexpected '[' in segment, expected "!", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", 0-9, ":", ";", "=", "?", "@", A-Z, "_", a-z, "~" or EOF
	// <nil>
}

// The two lines that give santhosh-tekuri/jsonschema urlgrammar's formats: RegisterFormat
// with a Validator, for each format the schema uses.
func ExampleValidator() {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	for _, name := range jsonformat.Names() {
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: jsonformat.Validator(name)})
	}
	if err := c.AddResource("schema.json", map[string]any{"type": "string", "format": "uri"}); err != nil {
		panic(err)
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		panic(err)
	}
	fmt.Println(sch.Validate("http://example.com/a?b#c") == nil)
	fmt.Println(sch.Validate("/relative") == nil)
	// Output:
	// true
	// false
}
