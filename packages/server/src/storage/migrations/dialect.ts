/** The two stores; a migration types a few columns differently on each. */
export type Dialect = 'sqlite' | 'postgres';
