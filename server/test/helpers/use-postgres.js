// Selects real PostgreSQL for the test databases of this jest project.
process.env.COVE_TEST_DATABASE = 'postgres';
