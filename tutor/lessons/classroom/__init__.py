"""Class mode (issue 30): accounts and roles, classes with a join code and consent, assignments, and
the teacher's view of a class — all kept in the progress store's database (schema version 8), so
several app processes over one PostgreSQL database see the same classes.

Every function here that reads a learner's record takes the *acting* account and checks it on the
server: a learner reads only their own record, a teacher only their own classes' members. Nothing
is cached across users.
"""
