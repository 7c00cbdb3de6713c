import { describe, expect, it } from 'vitest'
import { splitStatements } from './migrate'

describe('splitStatements', () => {
  it('splits a migration at statement-breakpoint lines and drops comment-only parts', () => {
    const script =
      '-- header\ncreate table a (id int);\n--> statement-breakpoint\n-- only a comment\n--> statement-breakpoint\ncreate index a_id on a (id);\n'
    expect(splitStatements(script)).toEqual([
      '-- header\ncreate table a (id int);',
      'create index a_id on a (id);',
    ])
  })

  it('keeps a single-statement file whole', () => {
    expect(splitStatements('create table b (id int);')).toEqual(['create table b (id int);'])
  })
})
