"""The data layer: XLIFF loading, data set discovery, directions, views, statistics, download."""
