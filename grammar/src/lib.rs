//! dzero-grammar: the keyword and cost DSL (pest) compiled onto the core ability model.
