import Raster
