#ifndef WORKBENCH_CCURL_SHIM_H
#define WORKBENCH_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call; each typed shim below passes exactly one argument of the right type.

// Macros with casts, which Swift does not import.
static const long wb_curlauth_digest = (long)CURLAUTH_DIGEST;
static const int wb_curl_version_libz = CURL_VERSION_LIBZ;
static const int wb_curl_version_brotli = CURL_VERSION_BROTLI;
#ifdef CURL_VERSION_ZSTD
static const int wb_curl_version_zstd = CURL_VERSION_ZSTD;
#else
static const int wb_curl_version_zstd = 0; // headers older than libcurl 7.72: no zstd
#endif

// The linked libcurl's features (CURLVERSION_NOW is a macro Swift does not import).
static inline int wb_curl_features(void) {
    curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    return info ? info->features : 0;
}

typedef size_t (*wb_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode wb_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode wb_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode wb_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode wb_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode wb_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode wb_curl_set_data_callback(CURL *handle, CURLoption option, wb_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

// curl_multi_setopt is variadic too: the options `bench` sets on its multi handle.
static inline CURLMcode wb_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLcode wb_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode wb_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode wb_curl_get_list(CURL *handle, CURLINFO info, struct curl_slist **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode wb_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

// CURLINFO_ACTIVESOCKET: the socket a CONNECT_ONLY transfer connected (WebSocketConnection).
static inline CURLcode wb_curl_get_socket(CURL *handle, CURLINFO info, curl_socket_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
