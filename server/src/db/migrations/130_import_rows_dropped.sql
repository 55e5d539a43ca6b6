-- Imports write the file's features straight into their hidden layer (server/src/imports/
-- hidden-layer.ts): the staging table is no longer read or written. A job an older server left
-- half done is read again from its file by the worker that takes it over.
DROP TABLE import_rows;
